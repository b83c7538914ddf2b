/**
 * The short verification code printed under every QR code, for checking a document without a
 * camera: 11 random symbols (55 bits) and a check symbol, from a 32-symbol alphabet without the
 * look-alikes 0/O and 1/I, grouped for reading aloud: `7KQM-2XHD-9PWR`. Typed in any case,
 * with or without dashes or spaces. The check symbol catches any single mistyped symbol (its
 * weights are odd, so invertible mod 32) and most swaps of neighbours. No zod: the public
 * E-Verify page imports this.
 */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RANDOM_LENGTH = 11;
export const SHORT_CODE_LENGTH = RANDOM_LENGTH + 1;

function checkSymbol(symbols: string): string {
  let sum = 0;
  for (let i = 0; i < symbols.length; i++) sum += SHORT_CODE_ALPHABET.indexOf(symbols[i]!) * (2 * i + 1);
  return SHORT_CODE_ALPHABET[sum % 32]!;
}

/** XXXX-XXXX-XXXX. */
export function groupShortCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A new short code, grouped, from 11 random bytes (5 bits of each). */
export function newShortCode(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(RANDOM_LENGTH);
  let symbols = '';
  for (const byte of bytes) symbols += SHORT_CODE_ALPHABET[byte & 31];
  return groupShortCode(symbols + checkSymbol(symbols));
}

/**
 * What a typed text is, as a short code: `valid` with the grouped code, `mistyped` (the shape of
 * a short code but a symbol outside the alphabet or a wrong check symbol), or `not_short` (a
 * signed token, a link, anything else).
 */
export type ShortCodeReading = { kind: 'valid'; code: string } | { kind: 'mistyped' } | { kind: 'not_short' };

export function readShortCode(input: string): ShortCodeReading {
  const compact = input.replace(/[\s-]+/g, '').toUpperCase();
  if (!/^[A-Z0-9]+$/.test(compact)) return { kind: 'not_short' };
  // Near the length of a short code (one symbol too many or too few is a typing slip).
  if (compact.length < SHORT_CODE_LENGTH - 1 || compact.length > SHORT_CODE_LENGTH + 1)
    return { kind: 'not_short' };
  if (compact.length !== SHORT_CODE_LENGTH) return { kind: 'mistyped' };
  if ([...compact].some((symbol) => !SHORT_CODE_ALPHABET.includes(symbol))) return { kind: 'mistyped' };
  const symbols = compact.slice(0, RANDOM_LENGTH);
  if (checkSymbol(symbols) !== compact[RANDOM_LENGTH]) return { kind: 'mistyped' };
  return { kind: 'valid', code: groupShortCode(compact) };
}
