import { identifierTypeOf as contractIdentifierTypeOf } from '@kaunti/contract/api-accounts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identifierTypeOf } from './identifier-type';

describe('identifierTypeOf (zod-free, for the sign-up page)', () => {
  it.each([
    ['2345678', 'id_number'],
    ['  12345678 ', 'id_number'],
    ['123456789', 'passport'],
    ['ak1234567', 'passport'],
    ['CPR/2019/12345', 'brs_no'],
    ['c.12345', 'brs_no'],
    ['PVT-ABC123', 'brs_no'],
    ['A123456789Z', 'pin_no'],
    ['', 'pin_no'],
  ])('%j is %s, as the contract says', (value, type) => {
    expect(identifierTypeOf(value)).toBe(type);
    expect(contractIdentifierTypeOf(value)).toBe(type);
  });

  it("answers as the contract's for anything typed", () => {
    const typed = fc.oneof(
      fc.string(),
      fc.stringMatching(/^\s?[0-9A-Za-z./\- ]{0,14}\s?$/),
      fc.stringMatching(/^[0-9]{1,10}$/),
    );
    fc.assert(
      fc.property(typed, (value) => {
        expect(identifierTypeOf(value)).toBe(contractIdentifierTypeOf(value));
      }),
      { numRuns: 2000 },
    );
  });
});
