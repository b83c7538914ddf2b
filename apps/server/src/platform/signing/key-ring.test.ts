import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactVerify, createLocalJWKSet } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import {
  createKeyRing,
  generateSigningJwk,
  loadKeyRing,
  parseSigningKeys,
  SigningKeyError,
} from './key-ring';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Changes one character of the part of the token at `part` (0 header, 1 payload, 2 signature). */
function tamper(token: string, part: number): string {
  const parts = token.split('.');
  const text = parts[part]!;
  const i = Math.floor(text.length / 2);
  parts[part] = `${text.slice(0, i)}${text[i] === 'A' ? 'B' : 'A'}${text.slice(i + 1)}`;
  return parts.join('.');
}

describe('key ring', () => {
  it('signs a compact EdDSA JWS with the kid that a public-key-only verifier accepts offline', async () => {
    const ring = await createKeyRing([await generateSigningJwk()]);
    const token = await ring.sign({ jti: 'doc1', n: 'RCT-1', a: 150000 });
    expect(token.split('.')).toHaveLength(3);
    // An outside verifier with only the published JWKS:
    const jwks = createLocalJWKSet(ring.jwks());
    const { payload, protectedHeader } = await compactVerify(token, jwks);
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: ring.activeKid() });
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ jti: 'doc1', n: 'RCT-1', a: 150000 });
    expect(JSON.stringify(ring.jwks())).not.toContain('"d"');
  });

  it('verifies a genuine token and refuses any changed character, never throwing', async () => {
    const ring = await createKeyRing([await generateSigningJwk()]);
    const token = await ring.sign({ jti: 'doc1', n: 'RCT-1' });
    expect(await ring.verify(token)).toMatchObject({ status: 'valid', payload: { jti: 'doc1' } });
    expect(await ring.verify(tamper(token, 1))).toMatchObject({ status: 'tampered' });
    expect(await ring.verify(tamper(token, 2))).toEqual({ status: 'tampered', reason: 'bad_signature' });
    expect(await ring.verify(tamper(token, 0))).toMatchObject({ status: 'tampered' });
    for (const junk of ['', 'abc', 'a.b.c', '...', `${token}.x`, token.slice(0, -3)]) {
      expect((await ring.verify(junk)).status).toBe('tampered');
    }
  });

  it('refuses a token signed by a key that is not in the ring', async () => {
    const ours = await createKeyRing([await generateSigningJwk()]);
    const theirs = await createKeyRing([await generateSigningJwk()]);
    const token = await theirs.sign({ jti: 'x' });
    expect(await ours.verify(token)).toEqual({ status: 'tampered', reason: 'unknown_key' });
  });

  it('says expired for a genuine token past its exp, and valid before it', async () => {
    const ring = await createKeyRing([await generateSigningJwk()]);
    const exp = Math.floor(Date.parse('2025-06-30T21:00:00Z') / 1000);
    const token = await ring.sign({ jti: 'permit', exp });
    expect((await ring.verify(token, new Date('2025-06-30T20:59:59Z'))).status).toBe('valid');
    expect((await ring.verify(token, new Date('2025-06-30T21:00:00Z'))).status).toBe('expired');
  });

  it('rotates to a new active key and still verifies what the old one signed', async () => {
    const ring = await createKeyRing([await generateSigningJwk()]);
    const oldKid = ring.activeKid();
    const old = await ring.sign({ jti: 'old' });
    const newKid = await ring.rotate();
    expect(newKid).not.toBe(oldKid);
    expect(ring.activeKid()).toBe(newKid);
    expect(ring.kids()).toEqual([newKid, oldKid]);
    const fresh = await ring.sign({ jti: 'new' });
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString()).kid).toBe(newKid);
    expect(await ring.verify(old)).toMatchObject({ status: 'valid', kid: oldKid });
    expect(await ring.verify(fresh)).toMatchObject({ status: 'valid', kid: newKid });
    expect(ring.jwks().keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
  });

  it('reads SIGNING_KEYS, the first key active, and rejects bad or mismatched keys with a clear message', async () => {
    const a = await generateSigningJwk();
    const b = await generateSigningJwk();
    const ring = await loadKeyRing({
      signingKeys: JSON.stringify([b, a]),
      dataDir: '/nonexistent',
      env: 'production',
    });
    expect(ring.activeKid()).toBe(b.kid);
    expect(() => parseSigningKeys('not json')).toThrow(SigningKeyError);
    expect(() => parseSigningKeys('[]')).toThrow(/at least one/);
    expect(() => parseSigningKeys(JSON.stringify([{ ...a, crv: 'P-256' }]))).toThrow(
      /^SIGNING_KEYS: key 1: must be an Ed25519 key/,
    );
    // A configuration error: start-up stops with this message instead of a stack trace.
    expect(() => parseSigningKeys('not json')).toThrow(ConfigError);
    expect(() => parseSigningKeys(JSON.stringify([{ ...a, kid: undefined }]))).toThrow(/"kid" is missing/);
    expect(() => parseSigningKeys(JSON.stringify([a, { ...b, kid: a.kid }]))).toThrow(/its own kid/);
    await expect(createKeyRing([{ ...a, x: b.x }])).rejects.toThrow(/not a valid Ed25519 key|does not match/);
    await expect(loadKeyRing({ signingKeys: undefined, dataDir: '/x', env: 'production' })).rejects.toThrow(
      /required in production/,
    );
  });

  it('keeps generated development keys in the data directory across restarts, rotation included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-keys-'));
    dirs.push(dataDir);
    const first = await loadKeyRing({ signingKeys: undefined, dataDir, env: 'development' });
    const token = await first.sign({ jti: 'd' });
    const file = join(dataDir, 'secrets', 'signing-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await loadKeyRing({ signingKeys: undefined, dataDir, env: 'development' });
    expect(again.activeKid()).toBe(first.activeKid());
    expect((await again.verify(token)).status).toBe('valid');
    const rotated = await again.rotate();
    expect(parseSigningKeys(readFileSync(file, 'utf8')).map((k) => k.kid)).toEqual([
      rotated,
      first.activeKid(),
    ]);
  });
});
