import { randomInt } from 'node:crypto';

/**
 * Bill numbers: a county prefix (e.g. "NCCB") + 7 random digits + a Luhn check digit, at most
 * 12 characters because the bill number is the M-Pesa AccountReference and the paybill account
 * a citizen types on the phone. Random (not a sequence) so numbers reveal nothing about volumes;
 * the check digit lets the paybill validation refuse most mistyped numbers before money moves.
 */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function newBillNo(prefix: string): string {
  const body = String(randomInt(0, 10_000_000)).padStart(7, '0');
  const billNo = `${prefix}${body}${luhnCheckDigit(body)}`;
  if (billNo.length > 12)
    throw new Error(`Bill prefix "${prefix}" is too long: bill numbers have at most 12 characters.`);
  return billNo;
}

/** True when the digits after the prefix carry a correct check digit (paybill validation can use it). */
export function isWellFormedBillNo(billNo: string, prefix: string): boolean {
  if (!billNo.startsWith(prefix)) return false;
  const digits = billNo.slice(prefix.length);
  if (!/^\d{8}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, 7)) === Number(digits[7]);
}
