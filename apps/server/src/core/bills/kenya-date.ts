/**
 * Dates as Kenyans read them: every county is in East Africa Time (UTC+3, no daylight saving),
 * so "today" and due dates are computed there, not in the server's time zone.
 */
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of an instant in Kenya. */
export function kenyaDate(at: Date = new Date()): string {
  return formatter.format(at);
}

/** Today in Kenya as numbers. */
export function kenyaToday(at: Date = new Date()): { year: number; month: number; day: number } {
  const [year, month, day] = kenyaDate(at).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** `YYYY-MM-DD` a number of days after an instant, in Kenya. */
export function kenyaDatePlusDays(days: number, at: Date = new Date()): string {
  return kenyaDate(new Date(at.getTime() + days * 24 * 60 * 60 * 1000));
}
