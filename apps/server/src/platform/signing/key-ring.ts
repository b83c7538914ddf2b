import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  CompactSign,
  type CryptoKey,
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  importJWK,
} from 'jose';
import { ConfigError } from '../config';

/**
 * The Ed25519 keys that sign E-Verify codes (compact JWS, `alg: EdDSA`, `kid` in the header).
 *
 * The first key is the active one: new documents are signed with it. Every other key is kept to
 * verify the documents it signed, and is published with the active one at
 * `/.well-known/jwks.json`, so a verifier can check a code offline and a rotation never breaks a
 * document already printed. Rotation: put a new key first (SIGNING_KEYS in production, or
 * `rotate()` for the generated keys) and keep the old ones for as long as their documents matter.
 *
 * Where the keys come from:
 *  - `SIGNING_KEYS`: a JSON array of private JWKs (`{kty:"OKP",crv:"Ed25519",d,x,kid}`); required
 *    in production (config.ts). `npx tsx apps/server/src/platform/signing/generate-key.ts` prints one;
 *  - otherwise (development), generated once and kept in `<dataDir>/secrets/signing-keys.json`;
 *  - in tests (NODE_ENV=test), generated in memory.
 */

export interface PrivateSigningJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  d: string;
  x: string;
  kid: string;
}

export interface PublicSigningJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** Why a token is not the county's: it never throws, it says this instead. */
export type TamperReason = 'malformed' | 'unknown_key' | 'bad_signature';

export type VerifyOutcome =
  | { status: 'valid'; kid: string; payload: Record<string, unknown> }
  | { status: 'expired'; kid: string; payload: Record<string, unknown> }
  | { status: 'tampered'; reason: TamperReason };

export interface KeyRing {
  /** The kid of the key new signatures use. */
  activeKid(): string;
  /** Every kid in the ring, the active one first. */
  kids(): string[];
  /** Signs a JSON payload with the active key: a compact JWS. */
  sign(payload: Record<string, unknown>): Promise<string>;
  /**
   * Checks a token: `tampered` (not a JWS, an unknown kid, a bad signature, a payload that is not
   * a JSON object), `expired` (genuine, but its numeric `exp` in seconds is at or before `now`),
   * else `valid`. Never throws.
   */
  verify(token: string, now?: Date): Promise<VerifyOutcome>;
  /** The public keys of the whole ring (active and retired): the JWKS document. */
  jwks(): { keys: PublicSigningJwk[] };
  /** Makes a new active key, keeping the old ones; saved when the ring lives in a file. */
  rotate(): Promise<string>;
}

/** A bad SIGNING_KEYS value (or key file): a configuration error, so start-up stops with its message. */
export class SigningKeyError extends ConfigError {
  override name = 'SigningKeyError';
}

interface LoadedKey {
  jwk: PrivateSigningJwk;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

const ALG = 'EdDSA';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A new Ed25519 private JWK; its kid is the start of its RFC 7638 thumbprint (short, for small QR codes). */
export async function generateSigningJwk(): Promise<PrivateSigningJwk> {
  const { privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const thumbprint = await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x! });
  return { kty: 'OKP', crv: 'Ed25519', d: jwk.d!, x: jwk.x!, kid: thumbprint.slice(0, 8) };
}

function checkJwk(value: unknown, index: number): PrivateSigningJwk {
  const jwk = (value ?? {}) as Partial<Record<keyof PrivateSigningJwk, unknown>>;
  const where = `SIGNING_KEYS: key ${index + 1}`;
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519')
    throw new SigningKeyError(`${where}: must be an Ed25519 key (kty OKP, crv Ed25519)`);
  for (const field of ['d', 'x', 'kid'] as const) {
    if (typeof jwk[field] !== 'string' || jwk[field] === '')
      throw new SigningKeyError(`${where}: "${field}" is missing`);
  }
  return { kty: 'OKP', crv: 'Ed25519', d: jwk.d as string, x: jwk.x as string, kid: jwk.kid as string };
}

/** Parses a JSON array of private JWKs (SIGNING_KEYS or the development file). */
export function parseSigningKeys(json: string): PrivateSigningJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new SigningKeyError('SIGNING_KEYS must be a JSON array of private Ed25519 JWKs');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new SigningKeyError('SIGNING_KEYS must be a JSON array with at least one private Ed25519 JWK');
  }
  const keys = parsed.map(checkJwk);
  const kids = new Set(keys.map((k) => k.kid));
  if (kids.size !== keys.length) throw new SigningKeyError('SIGNING_KEYS: every key needs its own kid');
  return keys;
}

async function loadKey(jwk: PrivateSigningJwk): Promise<LoadedKey> {
  let privateKey: CryptoKey;
  let publicKey: CryptoKey;
  try {
    privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
    publicKey = (await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, alg: ALG }, ALG)) as CryptoKey;
  } catch {
    throw new SigningKeyError(`SIGNING_KEYS: key ${jwk.kid}: not a valid Ed25519 key`);
  }
  // A private part that does not match its public part would sign codes nobody can verify.
  const probe = await new CompactSign(encoder.encode('probe'))
    .setProtectedHeader({ alg: ALG })
    .sign(privateKey);
  try {
    await compactVerify(probe, publicKey, { algorithms: [ALG] });
  } catch {
    throw new SigningKeyError(
      `SIGNING_KEYS: key ${jwk.kid}: its private part (d) does not match its public part (x)`,
    );
  }
  return { jwk, privateKey, publicKey };
}

/** A key ring over these keys; `persist` is called with the whole ring after a rotation. */
export async function createKeyRing(
  jwks: PrivateSigningJwk[],
  persist?: (keys: PrivateSigningJwk[]) => void,
): Promise<KeyRing> {
  if (jwks.length === 0) throw new SigningKeyError('A key ring needs at least one key');
  let keys = await Promise.all(jwks.map(loadKey));
  let byKid = new Map(keys.map((k) => [k.jwk.kid, k]));

  const active = () => keys[0]!;

  return {
    activeKid: () => active().jwk.kid,
    kids: () => keys.map((k) => k.jwk.kid),
    async sign(payload) {
      const key = active();
      return new CompactSign(encoder.encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: ALG, kid: key.jwk.kid })
        .sign(key.privateKey);
    },
    async verify(token, now = new Date()) {
      if (typeof token !== 'string' || token.split('.').length !== 3)
        return { status: 'tampered', reason: 'malformed' };
      let kid: string | undefined;
      let payloadBytes: Uint8Array;
      try {
        const result = await compactVerify(
          token,
          (header) => {
            kid = typeof header.kid === 'string' ? header.kid : undefined;
            const key = kid === undefined ? undefined : byKid.get(kid);
            if (!key) throw new UnknownKey();
            return key.publicKey;
          },
          { algorithms: [ALG] },
        );
        payloadBytes = result.payload;
      } catch (error) {
        if (error instanceof UnknownKey) return { status: 'tampered', reason: 'unknown_key' };
        const code = (error as { code?: string }).code;
        return {
          status: 'tampered',
          reason: code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ? 'bad_signature' : 'malformed',
        };
      }
      let payload: unknown;
      try {
        payload = JSON.parse(decoder.decode(payloadBytes));
      } catch {
        return { status: 'tampered', reason: 'malformed' };
      }
      if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
        return { status: 'tampered', reason: 'malformed' };
      }
      const claims = payload as Record<string, unknown>;
      const exp = claims.exp;
      if (typeof exp === 'number' && exp * 1000 <= now.getTime()) {
        return { status: 'expired', kid: kid!, payload: claims };
      }
      return { status: 'valid', kid: kid!, payload: claims };
    },
    jwks() {
      return {
        keys: keys.map(({ jwk }) => ({
          kty: 'OKP' as const,
          crv: 'Ed25519' as const,
          x: jwk.x,
          kid: jwk.kid,
          alg: 'EdDSA' as const,
          use: 'sig' as const,
        })),
      };
    },
    async rotate() {
      const fresh = await loadKey(await generateSigningJwk());
      keys = [fresh, ...keys];
      byKid = new Map(keys.map((k) => [k.jwk.kid, k]));
      persist?.(keys.map((k) => k.jwk));
      return fresh.jwk.kid;
    },
  };
}

class UnknownKey extends Error {}

export interface KeyRingSettings {
  /** SIGNING_KEYS, when set. */
  signingKeys: string | undefined;
  dataDir: string;
  env: 'development' | 'test' | 'production';
}

/**
 * The server's key ring, from SIGNING_KEYS, else (outside production) the development file, else
 * (tests) memory. Throws SigningKeyError with a message naming the problem.
 */
export async function loadKeyRing(settings: KeyRingSettings): Promise<KeyRing> {
  if (settings.signingKeys !== undefined) return createKeyRing(parseSigningKeys(settings.signingKeys));
  if (settings.env === 'production') throw new SigningKeyError('SIGNING_KEYS is required in production');
  if (settings.env === 'test') return createKeyRing([await generateSigningJwk()]);
  const file = join(settings.dataDir, 'secrets', 'signing-keys.json');
  const save = (keys: PrivateSigningJwk[]) => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  };
  if (existsSync(file)) return createKeyRing(parseSigningKeys(readFileSync(file, 'utf8')), save);
  const keys = [await generateSigningJwk()];
  save(keys);
  return createKeyRing(keys, save);
}
