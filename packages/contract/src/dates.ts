/** English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Thrown for a value that is not a valid date in one of the accepted formats. */
export class InvalidDateError extends Error {
  /** The value that was given, as text. */
  readonly value: string;
  /** The format that was expected. */
  readonly expected: string;

  /** Builds the error, with the message `Invalid date "<value>": expected <expected>`. */
  constructor(value: string, expected: string) {
    super(`Invalid date "${value}": expected ${expected}`);
    this.name = 'InvalidDateError';
    this.value = value;
    this.expected = expected;
  }
}

/** Nairobi is UTC+3 all year (no daylight saving time). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

const ANY_FORMAT = 'MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp';
const TIMESTAMP_FORMAT = 'an ISO timestamp such as 2024-01-01T09:30:00Z';
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** `YYYY-MM-DD` of an instant in Nairobi (today by default): the day a Kenyan would name. */
export function nairobiToday(at: Date = new Date()): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The number of days in the month (1 to 12) of the year, Gregorian leap years included. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The date, or throws when it is not a real calendar date in the years 1 to 9999. */
function checkedDate(date: CalendarDate, value: string, expected: string): CalendarDate {
  const { year, month, day } = date;
  const valid =
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month);
  if (!valid) throw new InvalidDateError(value, expected);
  return date;
}

/** The calendar date in Nairobi at the instant, or throws for an invalid or out-of-range instant. */
function nairobiDate(time: number, value: string, expected: string): CalendarDate {
  const shifted = new Date(time + NAIROBI_OFFSET_MS);
  const date = {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
  return checkedDate(date, value, expected);
}

/** The UTC time of a wall-clock time written with a UTC offset in minutes. */
function utcTime(parts: readonly number[], offsetMinutes: number): number {
  const [year = 0, month = 1, day = 1, hours = 0, minutes = 0, seconds = 0] = parts;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, 0);
  return date.getTime() - offsetMinutes * 60 * 1000;
}

/** Parses a full ISO timestamp to the calendar date it falls on in Nairobi. */
function timestampDate(match: RegExpExecArray, value: string): CalendarDate {
  const [, y, mo, d, h, mi, s = '0', zulu, sign, offsetHours, offsetMinutes = '0'] = match;
  const date = checkedDate({ year: Number(y), month: Number(mo), day: Number(d) }, value, TIMESTAMP_FORMAT);
  const [hours, minutes, seconds] = [Number(h), Number(mi), Number(s)];
  if (hours > 23 || minutes > 59 || seconds > 59) throw new InvalidDateError(value, TIMESTAMP_FORMAT);
  // Without an offset the time is already Nairobi's wall clock.
  if (zulu === undefined && sign === undefined) return date;
  let offset = 0;
  if (sign !== undefined) {
    const [oh, om] = [Number(offsetHours), Number(offsetMinutes)];
    if (oh > 23 || om > 59) throw new InvalidDateError(value, TIMESTAMP_FORMAT);
    offset = (sign === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const time = utcTime([date.year, date.month, date.day, hours, minutes, seconds], offset);
  return nairobiDate(time, value, TIMESTAMP_FORMAT);
}

/** Parses a string date in one of the accepted formats. */
function parseDateString(value: string): CalendarDate {
  const text = value.trim();
  const slashed = SLASHED.exec(text);
  if (slashed !== null) {
    const [, month = '', day = '', year = ''] = slashed;
    const twoDigitYear = year.length === 2;
    const date = {
      year: twoDigitYear ? 2000 + Number(year) : Number(year),
      month: Number(month),
      day: Number(day),
    };
    return checkedDate(date, value, twoDigitYear ? 'MM/dd/yy' : 'MM/dd/yyyy');
  }
  const isoDate = ISO_DATE.exec(text);
  if (isoDate !== null) {
    const [, year, month, day] = isoDate;
    return checkedDate({ year: Number(year), month: Number(month), day: Number(day) }, value, 'yyyy-MM-dd');
  }
  const timestamp = ISO_TIMESTAMP.exec(text);
  if (timestamp !== null) return timestampDate(timestamp, value);
  throw new InvalidDateError(value, ANY_FORMAT);
}

/** The English ordinal suffix of a day of the month: 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd. */
export function ordinalSuffix(day: number): 'st' | 'nd' | 'rd' | 'th' {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

/**
 * Formats a date for documents: `1st January 2024`. A string is read as `MM/dd/yy` (the spec's format, years
 * 00–99 meaning 2000–2099), `MM/dd/yyyy`, `yyyy-MM-dd` or a full ISO timestamp; month and day may have one
 * or two digits in the slashed forms and surrounding spaces are ignored. A timestamp with `Z` or an offset,
 * and a Date, are shown on the date they fall on in Nairobi (a fixed UTC+3, no Intl time zone data); a
 * timestamp without an offset is taken as Nairobi wall-clock time. Anything else, impossible dates such as
 * `02/30/24` and years outside 1–9999 throw {@link InvalidDateError}.
 */
export function formatDocumentDate(input: string | Date): string {
  const date =
    input instanceof Date
      ? nairobiDate(input.getTime(), String(input), 'a valid Date')
      : parseDateString(String(input));
  return `${date.day}${ordinalSuffix(date.day)} ${MONTH_NAMES[date.month - 1]} ${date.year}`;
}

/**
 * Like {@link formatDocumentDate}, but gives `-` for a missing value (null, undefined or a blank string).
 * Invalid dates still throw {@link InvalidDateError}.
 */
export function formatDocumentDateOrDash(input: string | Date | null | undefined): string {
  if (input === null || input === undefined) return '-';
  if (typeof input === 'string' && input.trim() === '') return '-';
  return formatDocumentDate(input);
}

/** Kiswahili month names, Januari first. */
export const SWAHILI_MONTH_NAMES = [
  'Januari',
  'Februari',
  'Machi',
  'Aprili',
  'Mei',
  'Juni',
  'Julai',
  'Agosti',
  'Septemba',
  'Oktoba',
  'Novemba',
  'Desemba',
] as const;

/**
 * A date as every page, list and document shows it, in the reader's language: English
 * "1st January 2024" (the spec's form, as {@link formatDocumentDate}), Kiswahili "1 Januari
 * 2024". Accepts what formatDocumentDate accepts; anything unreadable is shown as given.
 */
export function formatDisplayDate(input: string | Date, language = 'en'): string {
  try {
    if (!language.startsWith('sw')) return formatDocumentDate(input);
    const english = formatDocumentDate(input);
    const [day, month, year] = english.split(' ');
    const index = MONTH_NAMES.indexOf(month as (typeof MONTH_NAMES)[number]);
    return `${Number.parseInt(day ?? '', 10)} ${SWAHILI_MONTH_NAMES[index]} ${year}`;
  } catch {
    return String(input);
  }
}

/** A moment: its date as {@link formatDisplayDate} and its time in Nairobi, "1st January 2024, 09:30". */
export function formatDisplayMoment(input: string | Date, language = 'en'): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return String(input);
  const shifted = new Date(date.getTime() + NAIROBI_OFFSET_MS);
  const clock = `${String(shifted.getUTCHours()).padStart(2, '0')}:${String(shifted.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDisplayDate(date, language)}, ${clock}`;
}
