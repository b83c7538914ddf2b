import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN, phoneSchema } from './phone';

const MESSAGE = 'Phone number must be in format +2547******** or 2547******** or 07******** or 7********';
const localPartArb = fc.stringMatching(/^[71]\d{8}$/);
const prefixArb = fc.constantFrom('', '0', '254', '+254');

describe('phone', () => {
  it('exports the exact message', () => {
    expect(PHONE_FORMAT_MESSAGE).toBe(MESSAGE);
  });

  it.each([
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0110123456', '254110123456'],
    ['+254 101 234 567', '254101234567'],
    ['0712-345-678', '254712345678'],
    ['  0712 345 678  ', '254712345678'],
  ])('normalises %j to %j', (value, expected) => {
    expect(isValidPhone(value)).toBe(true);
    expect(normalisePhone(value)).toBe(expected);
    expect(phoneSchema.parse(value)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '0812345678',
    '0212345678',
    '071234567',
    '07123456789',
    '+0712345678',
    '+712345678',
    '2540712345678',
    '255712345678',
    '(0712) 345678',
    '0712.345.678',
    '254 7123 4567',
  ])('refuses %j', (value) => {
    expect(isValidPhone(value)).toBe(false);
    expect(() => normalisePhone(value)).toThrow(new Error(MESSAGE));
    const result = phoneSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGE]);
  });

  it('refuses values that are not strings', () => {
    expect(isValidPhone(712345678)).toBe(false);
    expect(isValidPhone(null)).toBe(false);
    expect(phoneSchema.safeParse(712345678).error?.issues.map((issue) => issue.message)).toEqual([MESSAGE]);
  });
});

describe('phone properties', () => {
  it('all four written forms of a number normalise to the same 254 string', () => {
    fc.assert(
      fc.property(localPartArb, (local) => {
        const forms = [`+254${local}`, `254${local}`, `0${local}`, local];
        for (const form of forms) {
          expect(normalisePhone(form)).toBe(`254${local}`);
          expect(phoneSchema.parse(form)).toBe(`254${local}`);
        }
      }),
    );
  });

  it('spaces and hyphens anywhere are ignored', () => {
    fc.assert(
      fc.property(
        prefixArb,
        localPartArb,
        fc.array(fc.constantFrom('', '', ' ', '-', '  '), { minLength: 14, maxLength: 14 }),
        (prefix, local, separators) => {
          const spaced = Array.from(`${prefix}${local}`, (c, i) => `${separators[i]}${c}`).join('');
          expect(normalisePhone(spaced)).toBe(`254${local}`);
        },
      ),
    );
  });

  it('normalising is idempotent', () => {
    fc.assert(
      fc.property(prefixArb, localPartArb, (prefix, local) => {
        const once = normalisePhone(`${prefix}${local}`);
        expect(normalisePhone(once)).toBe(once);
        expect(once).toMatch(/^254[71]\d{8}$/);
      }),
    );
  });

  it('8- or 10-digit local parts are refused', () => {
    fc.assert(
      fc.property(prefixArb, fc.stringMatching(/^[71](\d{7}|\d{9})$/), (prefix, local) => {
        const value = `${prefix}${local}`;
        expect(isValidPhone(value)).toBe(false);
        expect(() => normalisePhone(value)).toThrow(MESSAGE);
      }),
    );
  });

  it('local parts starting with 0, 2 to 6, 8 or 9 are refused', () => {
    fc.assert(
      fc.property(prefixArb, fc.stringMatching(/^[0234568-9]\d{8}$/), (prefix, local) => {
        expect(isValidPhone(`${prefix}${local}`)).toBe(false);
      }),
    );
  });

  it('PHONE_PATTERN (the OpenAPI pattern) accepts exactly what isValidPhone accepts', () => {
    const pattern = new RegExp(PHONE_PATTERN);
    const phoneLike = fc.string({
      unit: fc.constantFrom('0', '1', '2', '4', '5', '7', '9', '+', ' ', '-'),
      maxLength: 16,
    });
    const nearValid = fc
      .tuple(prefixArb, localPartArb, fc.constantFrom('', ' ', '-', '  '))
      .map(([prefix, local, gap]) => `${prefix}${gap}${local.slice(0, 3)}${gap}${local.slice(3)}`);
    fc.assert(
      fc.property(fc.oneof(phoneLike, nearValid), (value) => {
        expect(pattern.test(value)).toBe(isValidPhone(value));
      }),
      { numRuns: 3000 },
    );
  });
});
