import { describe, expect, it } from 'vitest';
import { formatDarajaTimestamp, parseDarajaTimestamp } from './daraja-time';

describe('formatDarajaTimestamp', () => {
  it('writes YYYYMMDDHHmmss in Nairobi time (UTC+3)', () => {
    expect(formatDarajaTimestamp(new Date('2024-06-15T09:04:05Z'))).toBe('20240615120405');
  });

  it('rolls over the day, the month and the year in Nairobi before UTC does', () => {
    expect(formatDarajaTimestamp(new Date('2024-01-31T21:05:09Z'))).toBe('20240201000509');
    expect(formatDarajaTimestamp(new Date('2023-12-31T21:00:00Z'))).toBe('20240101000000');
  });
});

describe('parseDarajaTimestamp', () => {
  it('reads a Nairobi time, from a string or the number the STK callback sends', () => {
    expect(parseDarajaTimestamp('20221117155745')?.toISOString()).toBe('2022-11-17T12:57:45.000Z');
    expect(parseDarajaTimestamp(20221117155745)?.toISOString()).toBe('2022-11-17T12:57:45.000Z');
  });

  it('round-trips with formatDarajaTimestamp', () => {
    const instant = new Date('2025-03-01T00:30:59Z');
    expect(parseDarajaTimestamp(formatDarajaTimestamp(instant))?.getTime()).toBe(instant.getTime());
  });

  it.each([
    '20230229120000',
    '20231301000000',
    '20230101240000',
    '20230101126000',
    '2023010112000',
    'abc',
    '',
  ])('refuses %s', (value) => {
    expect(parseDarajaTimestamp(value)).toBeUndefined();
  });
});
