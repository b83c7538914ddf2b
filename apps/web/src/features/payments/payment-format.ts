import { formatDocumentDate } from '@kaunti/contract/dates';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Africa/Nairobi',
});

/** A moment as the documents print dates, plus the time in Kenya: "14th March 2025, 10:15". */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDocumentDate(date)}, ${timeFormat.format(date)}`;
}

/** A day (`YYYY-MM-DD` or an ISO moment) as the documents print it: "31st December 2025". */
export function formatDay(value: string): string {
  try {
    return formatDocumentDate(value);
  } catch {
    return value;
  }
}

/** M-Pesa moves whole shillings: the shillings that cover an amount of cents (rounded up). */
export function wholeShillingsFor(cents: number): number {
  return Math.ceil(cents / 100);
}

/** A phone in 254 form as Kenyans write it: 254712345678 → 0712345678. */
export function localPhone(phone: string): string {
  return /^254\d{9}$/.test(phone) ? `0${phone.slice(3)}` : phone;
}
