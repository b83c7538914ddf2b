import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of a document's public printable link (invoice, receipt, certificate, permit…): an HMAC
 * of its register id under the server's secret. It cannot be guessed, and it is not the id inside
 * the QR code: whoever scans a printed document learns the id (E-Verify then shows the masked
 * holder), not the key to its whole page. 128 bits, base64url.
 */
export function printKeyOf(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`printable:${id}`).digest('base64url').slice(0, 22);
}

/** True when `key` is the print key of `id` (compared in constant time). */
export function printKeyMatches(secret: string, id: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  const expected = Buffer.from(printKeyOf(secret, id));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
