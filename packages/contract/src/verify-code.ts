/**
 * E-Verify codes and links, shared by the server (which prints them) and the web app (which reads
 * what a person typed, pasted or scanned). No zod here: the public E-Verify page imports this.
 */

/** The path of the public verification page that a document's QR code opens. */
export const VERIFY_PATH = '/e-verify';

/** The link a document's QR code holds: `<public URL>/e-verify?code=<token>`. */
export function verifyUrlFor(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${VERIFY_PATH}?code=${encodeURIComponent(code)}`;
}

/** The address of the staff ID check printed on a county officer's card. */
export function staffVerifyUrlFor(publicUrl: string, qid: string, staffNo: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/everify/s/${encodeURIComponent(qid)}/${encodeURIComponent(staffNo)}`;
}

/** The address of a citizen's national ID check. */
export function identityVerifyUrlFor(publicUrl: string, qid: string, idNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/everify/i/${encodeURIComponent(qid)}/${encodeURIComponent(idNumber)}`;
}

/**
 * What to look up for something a person typed, pasted or scanned:
 *  - a document code, from a bare code or any link carrying `?code=` (whatever the host: a check
 *    of a code is the same on every copy of the portal);
 *  - a staff ID or national ID check, from an `/everify/s/...` or `/everify/i/...` link;
 *  - `empty` for blank input.
 * Spaces and line breaks inside a code (a code copied across lines) are removed.
 */
export type VerifyInput =
  | { kind: 'document'; code: string }
  | { kind: 'staff'; qid: string; sid: string }
  | { kind: 'identity'; qid: string; id: string }
  | { kind: 'empty' };

export function readVerifyInput(input: string): VerifyInput {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  const everify = /\/everify\/([si])\/([^/?#\s]+)\/([^/?#\s]+)/.exec(text);
  if (everify) {
    const [, which, first = '', second = ''] = everify;
    const qid = safeDecode(first);
    const other = safeDecode(second);
    return which === 's' ? { kind: 'staff', qid, sid: other } : { kind: 'identity', qid, id: other };
  }
  const query = /[?&]code=([^&#\s]+)/.exec(text);
  if (query) return { kind: 'document', code: safeDecode(query[1] ?? '').replace(/\s+/g, '') };
  const code = text.replace(/\s+/g, '');
  return code === '' ? { kind: 'empty' } : { kind: 'document', code };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
