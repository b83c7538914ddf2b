import { jwtVerify, SignJWT } from 'jose';

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

/** Signs and checks the portal's JWTs (HS256 with JWT_SECRET). */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
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
    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return undefined;
        }
        if (payload.scope !== 'otp' && payload.scope !== 'full') return undefined;
        return { sub: payload.sub, sid: payload.sid, scope: payload.scope, exp: payload.exp };
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
