import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../testing/render-with-app';
import { decodeTokenPayload, GUARD_MESSAGES, guardMessage, InvalidTokenError, tokenStatus } from './token';

const NOW = 1_800_000_000;

describe('decodeTokenPayload', () => {
  it('reads the claims of a JWT, including UTF-8 text', () => {
    expect(decodeTokenPayload(fakeJwt({ exp: NOW, sub: 'u1', name: 'Wanjikũ' }))).toEqual({
      exp: NOW,
      sub: 'u1',
      name: 'Wanjikũ',
    });
  });

  it.each([
    [undefined, 'must be a string'],
    [42, 'must be a string'],
    ['garbage', 'missing part #2'],
    ['a.$$$.c', 'invalid base64 for part #2'],
    [`a.${btoa('not json')}.c`, 'invalid json for part #2'],
    [`a.${btoa('"a string"')}.c`, 'invalid json for part #2'],
    ['a..c', 'invalid json for part #2'],
  ])('%j is "Invalid token specified: %s"', (token, reason) => {
    expect(() => decodeTokenPayload(token)).toThrow(InvalidTokenError);
    expect(() => decodeTokenPayload(token)).toThrow(`Invalid token specified: ${reason}`);
  });
});

describe('tokenStatus', () => {
  it('missing, invalid, expired (exp at or below now), pending (login token) and valid', () => {
    expect(tokenStatus(undefined, NOW)).toBe('missing');
    expect(tokenStatus('', NOW)).toBe('missing');
    expect(tokenStatus('garbage', NOW)).toBe('invalid');
    expect(tokenStatus(fakeJwt({ sub: 'u1' }), NOW)).toBe('invalid');
    expect(tokenStatus(fakeJwt({ exp: NOW, scope: 'full' }), NOW)).toBe('expired');
    expect(tokenStatus(fakeJwt({ exp: NOW - 1, scope: 'full' }), NOW)).toBe('expired');
    expect(tokenStatus(fakeJwt({ exp: NOW + 1, scope: 'otp' }), NOW)).toBe('pending');
    expect(tokenStatus(fakeJwt({ exp: NOW + 1, scope: 'full' }), NOW)).toBe('valid');
  });

  it("gives the spec's three messages", () => {
    expect(guardMessage('missing')).toBe('Please login to continue');
    expect(guardMessage('pending')).toBe('Please login to continue');
    expect(guardMessage('invalid')).toBe('Invalid token specified');
    expect(guardMessage('expired')).toBe('Session Expired. Login to continue');
    expect(GUARD_MESSAGES).toEqual({
      missing: 'Please login to continue',
      invalid: 'Invalid token specified',
      expired: 'Session Expired. Login to continue',
    });
  });
});
