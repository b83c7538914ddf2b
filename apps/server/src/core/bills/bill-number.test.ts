import { describe, expect, it } from 'vitest';
import { isWellFormedBillNo, luhnCheckDigit, newBillNo } from './bill-number';

describe('bill numbers', () => {
  it('are the prefix, 7 random digits and a Luhn check digit: 12 characters at most', () => {
    for (let i = 0; i < 200; i++) {
      const billNo = newBillNo('NCCB');
      expect(billNo).toMatch(/^NCCB\d{8}$/);
      expect(isWellFormedBillNo(billNo, 'NCCB')).toBe(true);
    }
  });

  it('catch a mistyped digit and a swap of neighbours', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3); // the textbook example
    expect(luhnCheckDigit('1234567')).toBe(4);
    expect(isWellFormedBillNo('NCCB12345674', 'NCCB')).toBe(true);
    expect(isWellFormedBillNo('NCCB12345675', 'NCCB')).toBe(false);
    expect(isWellFormedBillNo('NCCB12354674', 'NCCB')).toBe(false);
    expect(isWellFormedBillNo('XXXX12345674', 'NCCB')).toBe(false);
  });

  it('refuse a prefix that would make them too long for M-Pesa', () => {
    expect(() => newBillNo('NAIROBI')).toThrow(/at most 12 characters/);
  });
});
