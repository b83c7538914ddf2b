import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const signer = createTokenSigner(SECRET);
const key = new TextEncoder().encode(SECRET);
const claims = { sub: '7d0c8a52-6f1e-4a57-9a63-0c1f4e5b2a10', sid: 'session-1', scope: 'full' as const };
const inAnHour = () => new Date(Date.now() + 3_600_000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and payload, signed HS256 with the real secret. */
function forge(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const data = `${b64(header)}.${b64(payload)}`;
  return `${data}.${createHmac('sha256', SECRET).update(data).digest('base64url')}`;
}
const exp = () => Math.floor(Date.now() / 1000) + 3600;

describe('the portal tokens', () => {
  it('verifies what it signed', async () => {
    const token = await signer.sign(claims, inAnHour());
    expect(await signer.verify(token)).toMatchObject({ ...claims, exp: expect.any(Number) });
  });

  it('refuses a token it has checked before once its expiry passes', async () => {
    const fresh = createTokenSigner(SECRET);
    const token = await fresh.sign(claims, new Date(Date.now() + 60_000));
    expect(await fresh.verify(token)).toMatchObject(claims);
    expect(await fresh.verify(token)).toMatchObject(claims);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect(await fresh.verify(token)).toBeUndefined();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('refuses a changed payload, another secret, an expired token and garbage', async () => {
    const token = await signer.sign(claims, inAnHour());
    const [h, , s] = token.split('.');
    expect(
      await signer.verify(`${h}.${b64({ ...claims, sub: 'someone-else', iss: 'kaunti', exp: exp() })}.${s}`),
    ).toBeUndefined();
    expect(await createTokenSigner(`${SECRET}-other`).verify(token)).toBeUndefined();
    const expired = await signer.sign(claims, new Date(Date.now() - 1000));
    expect(await signer.verify(expired)).toBeUndefined();
    for (const junk of ['', 'a.b', 'a.b.c.d', `${token}x`, `${h}..${s}`, 'e30.e30.!!!']) {
      expect(await signer.verify(junk), junk).toBeUndefined();
    }
  });

  it('refuses any header but HS256/JWT, another issuer, and claims of the wrong type', async () => {
    const payload = { ...claims, iss: 'kaunti', exp: exp() };
    expect(await signer.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload))).toMatchObject(claims);
    expect(await signer.verify(forge({ alg: 'none' }, payload))).toBeUndefined();
    expect(await signer.verify(forge({ alg: 'HS256', crit: ['b64'], b64: false }, payload))).toBeUndefined();
    expect(await signer.verify(forge({ alg: 'HS256', typ: 'JOSE+JSON' }, payload))).toBeUndefined();
    expect(await signer.verify(forge({ alg: 'HS256' }, { ...payload, iss: 'someone' }))).toBeUndefined();
    expect(await signer.verify(forge({ alg: 'HS256' }, { ...payload, scope: 'admin' }))).toBeUndefined();
    expect(await signer.verify(forge({ alg: 'HS256' }, { ...payload, exp: String(exp()) }))).toBeUndefined();
    // An HS512 token made with the same secret is not an HS256 one.
    const hs512 = await new SignJWT({ sid: 'x', scope: 'full' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setIssuer('kaunti')
      .setExpirationTime(exp())
      .sign(key);
    expect(await signer.verify(hs512)).toBeUndefined();
  });
});
