import { describe, expect, it } from 'vitest';
import { darajaTimestamp, isAcceptableUrl, isDarajaTimestamp, randomReceiptNumber } from './daraja-values';
import { outcomeForPhone } from './outcomes';

describe('darajaTimestamp', () => {
  it('writes Nairobi time (UTC+3), rolling over midnight and the year', () => {
    expect(darajaTimestamp(new Date('2024-01-31T21:05:09Z'))).toBe('20240201000509');
    expect(darajaTimestamp(new Date('2023-12-31T22:00:00Z'))).toBe('20240101010000');
  });
});

describe('isDarajaTimestamp', () => {
  it.each([
    ['20240229235959', true],
    ['20230229120000', false],
    ['20241301000000', false],
    ['20240101240000', false],
    ['2024010112000', false],
    [20240101120000, false],
  ])('%s → %s', (value, expected) => {
    expect(isDarajaTimestamp(value)).toBe(expected);
  });
});

describe('isAcceptableUrl', () => {
  it.each([
    ['https://eservices.nairobi.go.ke/api/payments/stk/abc', true],
    ['http://127.0.0.1:3000/api/payments/stk/abc', true],
    ['https://x.example/api/MPesa/callback', false],
    ['https://x.example/m-pesa', false],
    ['https://safaricom.example/cb', false],
    ['ftp://x.example/cb', false],
    ['/relative/path', false],
  ])('%s → %s', (value, expected) => {
    expect(isAcceptableUrl(value)).toBe(expected);
  });
});

describe('outcomeForPhone', () => {
  it.each([
    ['254708374149', 'success'],
    ['254712345678', 'success'],
    ['254700001032', 'cancelled'],
    ['254700001037', 'timeout'],
    ['254700000001', 'insufficient_funds'],
    ['254700000000', 'no_callback'],
    ['254700002222', 'duplicate_callbacks'],
  ])('%s → %s', (phone, outcome) => {
    expect(outcomeForPhone(phone)).toBe(outcome);
  });
});

describe('randomReceiptNumber', () => {
  it('looks like an M-Pesa receipt: 10 uppercase letters and digits, starting with a letter', () => {
    for (let i = 0; i < 200; i += 1) expect(randomReceiptNumber()).toMatch(/^[A-Z][A-Z0-9]{9}$/);
  });
});
