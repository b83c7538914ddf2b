import { api } from './api-client';
import { readTokenCookie } from './session-token';

/**
 * The copy of a service form kept on this device (localStorage), beside the server's draft, so
 * nothing typed is lost when the connection drops or the page is reloaded offline.
 *
 * Keys are `kaunti.draft.<user>.<service id>.<draft id>`: scoped to the signed-in user (the `sub`
 * of the session token), so on a shared phone one person's copy is never offered to another.
 * `dirty` is true while the copy holds changes the server has not confirmed yet: such a copy wins
 * over the server's draft when the form is resumed, and is sent again.
 */
export interface LocalDraft {
  id: string;
  service_id: string;
  step: number;
  values: Record<string, unknown>;
  /** When this copy was written (ISO, this device's clock). */
  saved_at: string;
  /** True while the server has not confirmed these values. */
  dirty: boolean;
}

const PREFIX = 'kaunti.draft.';

/** The `sub` claim of the session token, or "anonymous" (no token or an unreadable one). */
export function currentUserKey(token: string | undefined = readTokenCookie()): string {
  const payload = token?.split('.')[1];
  if (!payload) return 'anonymous';
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^[\w-]{1,80}$/.test(sub) ? sub : 'anonymous';
  } catch {
    return 'anonymous';
  }
}

function keyOf(serviceId: string, draftId: string, user = currentUserKey()): string {
  return `${PREFIX}${user}.${serviceId}.${draftId}`;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function isLocalDraft(value: unknown): value is LocalDraft {
  const v = value as Partial<LocalDraft> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.service_id === 'string' &&
    typeof v.step === 'number' &&
    typeof v.values === 'object' &&
    v.values !== null &&
    typeof v.saved_at === 'string' &&
    typeof v.dirty === 'boolean'
  );
}

export function readLocalDraft(serviceId: string, draftId: string): LocalDraft | undefined {
  const raw = storage()?.getItem(keyOf(serviceId, draftId));
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isLocalDraft(parsed) && parsed.id === draftId && parsed.service_id === serviceId
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the copy; false when the device refuses (storage full or blocked). */
export function writeLocalDraft(draft: LocalDraft): boolean {
  try {
    storage()?.setItem(keyOf(draft.service_id, draft.id), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** Removes every copy of this draft id for the current user, whatever its service. */
export function removeLocalDraft(draftId: string): void {
  const store = storage();
  if (!store) return;
  const prefix = `${PREFIX}${currentUserKey()}.`;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix) && key.endsWith(`.${draftId}`)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

/** Every copy this device keeps for a user (the current one unless told). */
export function listLocalDrafts(user = currentUserKey()): LocalDraft[] {
  const store = storage();
  if (!store) return [];
  const prefix = `${PREFIX}${user}.`;
  const drafts: LocalDraft[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      const parsed: unknown = JSON.parse(store.getItem(key) ?? '');
      if (isLocalDraft(parsed)) drafts.push(parsed);
    } catch {
      // Not a copy this app wrote: left alone.
    }
  }
  return drafts;
}

/**
 * Sends the copies the server has not confirmed (typed offline) as their drafts, and marks those it
 * took; a copy that cannot be sent stays unsynced. Resolves with how many were sent.
 */
export async function sendUnsyncedDrafts(user = currentUserKey()): Promise<number> {
  let sent = 0;
  for (const draft of listLocalDrafts(user).filter((copy) => copy.dirty)) {
    try {
      await api(`/api/drafts/${encodeURIComponent(draft.id)}`, {
        method: 'PUT',
        body: { service_id: draft.service_id, step: draft.step, values: draft.values },
      });
      const current = readLocalDraft(draft.service_id, draft.id);
      if (current && current.saved_at === draft.saved_at) writeLocalDraft({ ...current, dirty: false });
      sent += 1;
    } catch {
      // Offline, or refused: the copy stays as it is.
    }
  }
  return sent;
}

/** Removes every copy this device keeps for a user (signing out: the next person sees none). */
export function clearLocalDrafts(user = currentUserKey()): void {
  const store = storage();
  if (!store) return;
  const prefix = `${PREFIX}${user}.`;
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}
