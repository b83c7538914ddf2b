import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsSchema } from './cents-schema';
import { assertCents, centsToShillings, formatAmount, formatKes, parseKesToCents } from './money';

const KES_PATTERN = /^-?KES \d{1,3}(,\d{3})*\.\d{2}$/;
const centsArb = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe('formatKes and formatAmount', () => {
  it.each([
    [0, 'KES 0.00', '0.00'],
    [-0, 'KES 0.00', '0.00'],
    [5, 'KES 0.05', '0.05'],
    [50, 'KES 0.50', '0.50'],
    [100, 'KES 1.00', '1.00'],
    [99999, 'KES 999.99', '999.99'],
    [100000, 'KES 1,000.00', '1,000.00'],
    [123456, 'KES 1,234.56', '1,234.56'],
    [-123456, '-KES 1,234.56', '-1,234.56'],
    [-5, '-KES 0.05', '-0.05'],
    [123456789012, 'KES 1,234,567,890.12', '1,234,567,890.12'],
    [Number.MAX_SAFE_INTEGER, 'KES 90,071,992,547,409.91', '90,071,992,547,409.91'],
    [Number.MIN_SAFE_INTEGER, '-KES 90,071,992,547,409.91', '-90,071,992,547,409.91'],
  ])('%d cents is %j', (cents, kes, amount) => {
    expect(formatKes(cents)).toBe(kes);
    expect(formatAmount(cents)).toBe(amount);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %d', (cents) => {
    expect(() => formatKes(cents)).toThrow(`Amount must be a whole number of cents, got ${cents}`);
    expect(() => formatAmount(cents)).toThrow(`Amount must be a whole number of cents, got ${cents}`);
    expect(() => centsToShillings(cents)).toThrow(`Amount must be a whole number of cents, got ${cents}`);
  });
});

describe('centsToShillings', () => {
  it.each([
    [0, 0],
    [123456, 1234.56],
    [-50, -0.5],
    [100, 1],
  ])('%d cents is %d shillings', (cents, shillings) => {
    expect(centsToShillings(cents)).toBe(shillings);
  });
});

describe('assertCents', () => {
  it('accepts safe integers and refuses anything else with a message naming the value', () => {
    expect(() => assertCents(0)).not.toThrow();
    expect(() => assertCents(-7)).not.toThrow();
    expect(() => assertCents(Number.MAX_SAFE_INTEGER)).not.toThrow();
    expect(() => assertCents(0.1)).toThrow(new Error('Amount must be a whole number of cents, got 0.1'));
    expect(() => assertCents(Number.NaN)).toThrow(
      new Error('Amount must be a whole number of cents, got NaN'),
    );
    expect(() => assertCents(2 ** 53)).toThrow(
      new Error('Amount must be a whole number of cents, got 9007199254740992'),
    );
    expect(() => assertCents('100')).toThrow(new Error('Amount must be a whole number of cents, got 100'));
  });
});

describe('parseKesToCents', () => {
  it.each([
    ['1234', 123400],
    ['1,234.5', 123450],
    ['KES 1,234.50', 123450],
    ['Ksh 1234', 123400],
    ['KSh1234', 123400],
    ['kes 0.05', 5],
    ['  1,234,567.89  ', 123456789],
    ['0', 0],
    ['0.00', 0],
    ['-0.00', 0],
    ['007', 700],
    ['-KES 1,234.56', -123456],
    ['-1234', -123400],
    ['90,071,992,547,409.91', Number.MAX_SAFE_INTEGER],
  ])('%j is %d cents', (input, cents) => {
    expect(parseKesToCents(input)).toBe(cents);
  });

  it.each([
    ['', 'Amount is required'],
    ['   ', 'Amount is required'],
    ['1.234', 'Invalid amount "1.234": use at most 2 decimal places'],
    ['KES 1,234.567', 'Invalid amount "KES 1,234.567": use at most 2 decimal places'],
    ['abc', 'Invalid amount "abc": expected a number of shillings such as 1,234.50'],
    ['12a', 'Invalid amount "12a": expected a number of shillings such as 1,234.50'],
    ['USD 12', 'Invalid amount "USD 12": expected a number of shillings such as 1,234.50'],
    ['1,23', 'Invalid amount "1,23": expected a number of shillings such as 1,234.50'],
    ['1234,567', 'Invalid amount "1234,567": expected a number of shillings such as 1,234.50'],
    ['.50', 'Invalid amount ".50": expected a number of shillings such as 1,234.50'],
    ['12.', 'Invalid amount "12.": expected a number of shillings such as 1,234.50'],
    ['1e3', 'Invalid amount "1e3": expected a number of shillings such as 1,234.50'],
    ['KES', 'Invalid amount "KES": expected a number of shillings such as 1,234.50'],
    ['--5', 'Invalid amount "--5": expected a number of shillings such as 1,234.50'],
    ['90,071,992,547,409.92', 'Invalid amount "90,071,992,547,409.92": the amount is too large'],
  ])('%j is refused with %j', (input, message) => {
    expect(() => parseKesToCents(input)).toThrow(new Error(message));
  });
});

describe('centsSchema', () => {
  it('accepts non-negative safe integers only', () => {
    expect(centsSchema.parse(0)).toBe(0);
    expect(centsSchema.parse(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, Number.POSITIVE_INFINITY, '100']) {
      expect(centsSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('money properties', () => {
  it('parse(format(x)) === x for every safe integer', () => {
    fc.assert(
      fc.property(centsArb, (cents) => {
        expect(parseKesToCents(formatKes(cents))).toBe(cents);
        expect(parseKesToCents(formatAmount(cents))).toBe(cents);
      }),
    );
  });

  it('formatKes always matches the KES pattern', () => {
    fc.assert(
      fc.property(fc.oneof(centsArb, fc.integer({ min: -1_000_000, max: 1_000_000 })), (cents) => {
        expect(formatKes(cents)).toMatch(KES_PATTERN);
        expect(formatKes(cents).startsWith('-')).toBe(cents < 0);
      }),
    );
  });

  it('formatKes is formatAmount with the currency', () => {
    fc.assert(
      fc.property(centsArb, (cents) => {
        expect(formatKes(cents).replace('KES ', '')).toBe(formatAmount(cents));
      }),
    );
  });

  it('the digits of the output are the digits of the cents', () => {
    fc.assert(
      fc.property(centsArb, (cents) => {
        expect(
          formatAmount(cents)
            .replace(/[-,.]/g, '')
            .replace(/^0+(?=\d)/, ''),
        ).toBe(String(Math.abs(cents)));
      }),
    );
  });

  it('plain shillings with up to 2 decimals parse to the right cents', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 12 }), fc.nat({ max: 99 }), (shillings, cents) => {
        const text = `${shillings}.${String(cents).padStart(2, '0')}`;
        expect(parseKesToCents(text)).toBe(shillings * 100 + cents);
        expect(parseKesToCents(`Ksh ${shillings}`)).toBe(shillings * 100);
      }),
    );
  });

  it('three or more decimals are always refused', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^\d{3,6}$/), (shillings, decimals) => {
        expect(() => parseKesToCents(`${shillings}.${decimals}`)).toThrow(
          `Invalid amount "${shillings}.${decimals}": use at most 2 decimal places`,
        );
      }),
    );
  });

  it('text with letters other than the currency is always refused', () => {
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^[a-jl-zA-JL-Z]+$/), (amount, letters) => {
        expect(() => parseKesToCents(`${amount}${letters}`)).toThrow(/^Invalid amount/);
        expect(() => parseKesToCents(`${letters}${amount}`)).toThrow(/^Invalid amount/);
      }),
    );
  });
});
