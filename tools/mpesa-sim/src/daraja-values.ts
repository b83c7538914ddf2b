import { randomInt } from 'node:crypto';

/**
 * How Daraja writes things: times, identifiers, receipt numbers, result descriptions. Pure values,
 * no state: every simulator keeps its own counters and its own set of issued receipts.
 */

/** Nairobi is UTC+3 all year (no daylight saving time). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYYMMDDHHmmss` in Nairobi time, as in the STK Timestamp, TransactionDate and C2B TransTime. */
export function darajaTimestamp(instant: Date): string {
  const t = new Date(instant.getTime() + NAIROBI_OFFSET_MS);
  return `${pad(t.getUTCFullYear(), 4)}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}`;
}

/** True when the text is a real `YYYYMMDDHHmmss` date and time. */
export function isDarajaTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day));
  return (
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59
  );
}

/** The STK Password Daraja expects: base64(shortcode + passkey + timestamp). */
export function expectedPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = `${LETTERS}0123456789`;

function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** A receipt number shaped like M-Pesa's: 10 uppercase letters and digits, starting with a letter (`QKH94M1Z11`). */
export function randomReceiptNumber(): string {
  return `${randomText(LETTERS, 1)}${randomText(ALPHANUMERIC, 9)}`;
}

/** An opaque access token like Daraja's (28 letters and digits). */
export function randomAccessToken(): string {
  return randomText(`${ALPHANUMERIC}abcdefghijklmnopqrstuvwxyz`, 28);
}

/** A Daraja `requestId` / `MerchantRequestID` / `OriginatorCoversationID`: `29115-34620561-1`. */
export function randomRequestId(sequence: number): string {
  return `${randomInt(1000, 100_000)}-${randomInt(10_000_000, 100_000_000)}-${sequence}`;
}

/** A `CheckoutRequestID` like `ws_CO_191220191020363925`, unique thanks to the sequence number. */
export function checkoutRequestId(instant: Date, sequence: number): string {
  const t = darajaTimestamp(instant);
  const ddmmyyyy = `${t.slice(6, 8)}${t.slice(4, 6)}${t.slice(0, 4)}`;
  return `ws_CO_${ddmmyyyy}${t.slice(8)}${pad(sequence, 4)}${randomInt(100, 1000)}`;
}

/** A Kenyan mobile number in Daraja's form: `2547XXXXXXXX` or `2541XXXXXXXX`. */
export const DARAJA_PHONE = /^254[17]\d{8}$/;

/** Daraja refuses callback, validation and confirmation URLs that contain these words, in any case. */
const FORBIDDEN_URL_WORDS = /m-?pesa|safaricom/i;

/** True when Daraja would take the value as a callback URL: absolute http(s), no forbidden words. */
export function isAcceptableUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !FORBIDDEN_URL_WORDS.test(value);
  } catch {
    return false;
  }
}

/** `ResultDesc` as Daraja writes it, for each documented STK result code. */
export const RESULT_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1001: 'Unable to lock subscriber, a transaction is already in process for the current subscriber',
  1019: 'Transaction has expired',
  1025: 'An error occurred while sending a push request',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
  9999: 'An error occurred while sending a push request',
};

export function resultDescription(code: number): string {
  return RESULT_DESCRIPTIONS[code] ?? 'The transaction could not be completed.';
}

/** Whole shillings as Daraja writes amounts in C2B payloads: `1500` → `"1500.00"`. */
export function shillingsText(shillings: number): string {
  return shillings.toFixed(2);
}
