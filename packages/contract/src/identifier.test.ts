import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guessIdentifierType, identifierTypeLabel, identifierTypeSchema } from './identifier';

describe('guessIdentifierType', () => {
  it.each([
    ['1', 'id_number'],
    ['12345678', 'id_number'],
    ['  12345678  ', 'id_number'],
    ['00000001', 'id_number'],
    ['123456789', 'passport'],
    ['A1234567', 'passport'],
    ['AK0123456', 'passport'],
    ['ABCDEFG', 'passport'],
    ['CPR/2019/12345', 'brs_no'],
    ['CPR/2019/1', 'brs_no'],
    ['C.12345', 'brs_no'],
    ['PVT-ABC123', 'brs_no'],
    ['BN-XYZ', 'brs_no'],
    ['c123', 'brs_no'],
    ['cpr12345678', 'brs_no'],
    ['C12345678901', 'brs_no'],
    ['A004416331M', 'pin_no'],
    ['P051234567Z', 'pin_no'],
    ['a1234567', 'pin_no'],
    ['1234567890', 'pin_no'],
    ['ABCDEF', 'pin_no'],
    ['', 'pin_no'],
    ['   ', 'pin_no'],
  ] as const)('%j is %s', (value, expected) => {
    expect(guessIdentifierType(value)).toBe(expected);
  });

  it('checks id_number before passport and passport before brs_no', () => {
    // 8 digits also match the passport rule; 'C1234567' also starts with c.
    expect(guessIdentifierType('12345678')).toBe('id_number');
    expect(guessIdentifierType('C1234567')).toBe('passport');
  });

  it('labels every type in English', () => {
    expect(identifierTypeLabel).toEqual({
      id_number: 'National ID',
      passport: 'Passport',
      brs_no: 'Business registration number',
      pin_no: 'KRA PIN',
    });
  });

  it('has a zod enum of the four types', () => {
    expect(identifierTypeSchema.options).toEqual(['id_number', 'passport', 'brs_no', 'pin_no']);
    expect(identifierTypeSchema.safeParse('passport').success).toBe(true);
    expect(identifierTypeSchema.safeParse('driving_licence').success).toBe(false);
  });
});

describe('guessIdentifierType properties', () => {
  it('any 1 to 8 digit string is an id_number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$/), (value) => {
        expect(guessIdentifierType(value)).toBe('id_number');
      }),
    );
  });

  it('any 9-digit string is a passport', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (value) => {
        expect(guessIdentifierType(value)).toBe('passport');
      }),
    );
  });

  it('7 to 9 uppercase letters or digits with a letter are a passport', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{6,8}$/), fc.stringMatching(/^[A-Z]$/), (rest, letter) => {
        expect(guessIdentifierType(`${letter}${rest}`)).toBe('passport');
      }),
    );
  });

  it('values with - / or . that are not passports are brs_no', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('-', '/', '.'),
        fc.string({ maxLength: 12 }),
        (before, mark, after) => {
          expect(guessIdentifierType(`${before}${mark}${after}`)).toBe('brs_no');
        },
      ),
    );
  });

  it('surrounding whitespace never changes the answer', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 15 }), fc.constantFrom(' ', '\t', '\n', '  '), (value, pad) => {
        expect(guessIdentifierType(`${pad}${value}${pad}`)).toBe(guessIdentifierType(value));
      }),
    );
  });

  it('the result is always one of the four types', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (value) => {
        expect(identifierTypeSchema.options).toContain(guessIdentifierType(value));
      }),
    );
  });
});
