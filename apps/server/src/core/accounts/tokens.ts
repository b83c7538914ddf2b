import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import { setBounded } from '../../platform/bounded-map';

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The session's id. */
  sid: string;
  /** "otp" until the one-time code is verified, then "full". */
  scope: 'otp' | 'full';
  /** Expiry, in seconds since the epoch (spec: claim exp in seconds). */
  exp: number;
}

const ISSUER = 'kaunti';
/** How many checked tokens a process remembers (the oldest go first): ~3 MB at most. */
const REMEMBERED_TOKENS = 10_000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs (jose, at sign-in) and checks (node:crypto, on every protected request) the portal's JWTs:
 * HS256 with JWT_SECRET.
 */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  const hmacKey = createSecretKey(Buffer.from(key));
  // Tokens whose signature and header were found good, by their exact text: a token's check gives
  // the same answer every time but for its expiry, which is checked on every use. A token that
  // differs by one character is a different key and is checked in full.
  const checked = new Map<string, TokenClaims>();
  return {
    async sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sid, scope: claims.scope })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /**
     * The claims of a valid, unexpired token; undefined for anything else. Checked on every
     * protected request, so synchronously with node:crypto (HMAC-SHA256 and a constant-time
     * comparison): about twenty times what an async Web Crypto check per request costs. Only
     * what the portal signs passes: header `{"alg":"HS256","typ":"JWT"}` and nothing else
     * (no `crit`, no other algorithm), issuer "kaunti", an expiry still ahead.
     */
    async verify(token: string): Promise<TokenClaims | undefined> {
      const known = checked.get(token);
      if (known) {
        if (known.exp > Math.floor(Date.now() / 1000)) return known;
        checked.delete(token);
        return undefined;
      }
      const claims = verifySync(token);
      if (claims) setBounded(checked, REMEMBERED_TOKENS, token, Object.freeze(claims));
      return claims;
    },
  };

  function verifySync(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
    const [header, body, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', hmacKey).update(`${header}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const head = parseJson(header);
    if (head?.alg !== 'HS256' || (head.typ !== undefined && head.typ !== 'JWT')) return undefined;
    if (Object.keys(head).some((name) => name !== 'alg' && name !== 'typ')) return undefined;
    const payload = parseJson(body);
    if (payload?.iss !== ISSUER) return undefined;
    const { sub, sid, scope, exp } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
    if (exp <= Math.floor(Date.now() / 1000)) return undefined;
    if (scope !== 'otp' && scope !== 'full') return undefined;
    return { sub, sid, scope, exp };
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
