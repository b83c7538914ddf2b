/**
 * Daraja's timestamps: `YYYYMMDDHHmmss` in Nairobi time (East Africa Time, UTC+3 all year: Kenya
 * keeps no daylight saving time). They appear in the STK push `Timestamp` (which also goes into
 * the password), in the callback's `TransactionDate` (a number) and in C2B's `TransTime` (a string).
 */

/** Nairobi's offset from UTC, in milliseconds. Fixed: Kenya has no daylight saving time. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Formats an instant as Daraja's `YYYYMMDDHHmmss` in Nairobi time: 2024-01-31T21:05:09Z → `20240201000509`. */
export function formatDarajaTimestamp(instant: Date): string {
  const nairobi = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  return (
    pad(nairobi.getUTCFullYear(), 4) +
    pad(nairobi.getUTCMonth() + 1) +
    pad(nairobi.getUTCDate()) +
    pad(nairobi.getUTCHours()) +
    pad(nairobi.getUTCMinutes()) +
    pad(nairobi.getUTCSeconds())
  );
}

/**
 * Reads a Daraja `YYYYMMDDHHmmss` Nairobi time (a string, or the number the STK callback sends)
 * as an instant. Returns undefined for anything that is not a real calendar date and time, such
 * as `20230230120000` (30 February) or `20231301000000`.
 */
export function parseDarajaTimestamp(value: string | number): Date | undefined {
  const match = TIMESTAMP.exec(typeof value === 'number' ? String(value) : value.trim());
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return new Date(utc - NAIROBI_OFFSET_MS);
}
