/**
 * The session token lives in a cookie (spec: "stores the token in a cookie"), readable by the
 * app so it can send it as `Authorization: Bearer`. SameSite=Strict and Secure on https.
 */
export const TOKEN_COOKIE = 'kaunti_token';

export function readTokenCookie(): string | undefined {
  // A page rendered on the server is rendered for a visitor without a session.
  if (typeof document === 'undefined') return undefined;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${TOKEN_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(TOKEN_COOKIE.length + 1)) : undefined;
}

export function writeTokenCookie(token: string, expiresAtSeconds?: number): void {
  const parts = [`${TOKEN_COOKIE}=${encodeURIComponent(token)}`, 'path=/', 'SameSite=Strict'];
  if (expiresAtSeconds) parts.push(`expires=${new Date(expiresAtSeconds * 1000).toUTCString()}`);
  if (location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = parts.join('; ');
}

export function removeTokenCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${TOKEN_COOKIE}=; path=/; SameSite=Strict; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
