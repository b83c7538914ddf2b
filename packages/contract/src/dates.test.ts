import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  formatDisplayMoment,
  formatDocumentDate,
  formatDocumentDateOrDash,
  InvalidDateError,
  nairobiToday,
  ordinalSuffix,
} from './dates';

const MONTHS = [
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
];
// An independent table of the 31 ordinals the documents can show.
const ORDINALS = [
  '1st',
  '2nd',
  '3rd',
  '4th',
  '5th',
  '6th',
  '7th',
  '8th',
  '9th',
  '10th',
  '11th',
  '12th',
  '13th',
  '14th',
  '15th',
  '16th',
  '17th',
  '18th',
  '19th',
  '20th',
  '21st',
  '22nd',
  '23rd',
  '24th',
  '25th',
  '26th',
  '27th',
  '28th',
  '29th',
  '30th',
  '31st',
];
const DOCUMENT_DATE = new RegExp(`^\\d{1,2}(st|nd|rd|th) (${MONTHS.join('|')}) 20\\d\\d$`);

const pad = (n: number): string => String(n).padStart(2, '0');
const lastDay = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A valid calendar date in 2000–2099 as [year, month, day]. */
const calendarDateArb = fc
  .record({
    year: fc.integer({ min: 2000, max: 2099 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.nat(),
  })
  .map(({ year, month, day }) => ({ year, month, day: (day % lastDay(year, month)) + 1 }));

function expectInvalid(input: string | Date, message: string): void {
  let caught: unknown;
  try {
    formatDocumentDate(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InvalidDateError);
  expect(caught).toBeInstanceOf(Error);
  expect((caught as Error).name).toBe('InvalidDateError');
  expect((caught as Error).message).toBe(message);
}

describe('formatDocumentDate', () => {
  it.each([
    ['01/01/24', '1st January 2024'],
    ['02/02/24', '2nd February 2024'],
    ['03/03/24', '3rd March 2024'],
    ['04/04/24', '4th April 2024'],
    ['05/11/24', '11th May 2024'],
    ['06/12/24', '12th June 2024'],
    ['07/13/24', '13th July 2024'],
    ['08/21/24', '21st August 2024'],
    ['09/22/24', '22nd September 2024'],
    ['10/23/24', '23rd October 2024'],
    ['11/30/24', '30th November 2024'],
    ['12/31/99', '31st December 2099'],
    ['01/01/00', '1st January 2000'],
    ['02/29/24', '29th February 2024'],
    ['1/5/24', '5th January 2024'],
    [' 01/01/24 ', '1st January 2024'],
    ['12/25/2023', '25th December 2023'],
    ['02/29/2000', '29th February 2000'],
    ['2024-01-01', '1st January 2024'],
    ['2024-02-29', '29th February 2024'],
    ['2024-01-01T00:00:00Z', '1st January 2024'],
    ['2024-01-01T20:59:59Z', '1st January 2024'],
    ['2024-01-01T21:00:00Z', '2nd January 2024'],
    ['2024-01-01T21:00:00.000Z', '2nd January 2024'],
    ['2024-12-31T22:30:00+00:00', '1st January 2025'],
    ['2024-01-02T01:00:00+03:00', '2nd January 2024'],
    ['2024-01-02T00:30:00+0530', '1st January 2024'],
    ['2024-01-01T22:00:00-05:00', '2nd January 2024'],
    ['2024-01-01T23:59', '1st January 2024'],
    ['2024-01-01 23:59:59', '1st January 2024'],
  ])('%j is %j', (input, expected) => {
    expect(formatDocumentDate(input)).toBe(expected);
  });

  it.each([
    [new Date(Date.UTC(2024, 0, 1, 0, 0)), '1st January 2024'],
    [new Date(Date.UTC(2024, 0, 1, 20, 59, 59, 999)), '1st January 2024'],
    [new Date(Date.UTC(2024, 0, 1, 21, 0)), '2nd January 2024'],
    [new Date(Date.UTC(2023, 11, 31, 21, 0)), '1st January 2024'],
  ])('the Date %s is %j in Nairobi', (input, expected) => {
    expect(formatDocumentDate(input)).toBe(expected);
  });

  it.each([
    ['13/01/24', 'Invalid date "13/01/24": expected MM/dd/yy'],
    ['02/30/24', 'Invalid date "02/30/24": expected MM/dd/yy'],
    ['02/29/23', 'Invalid date "02/29/23": expected MM/dd/yy'],
    ['00/10/24', 'Invalid date "00/10/24": expected MM/dd/yy'],
    ['04/31/24', 'Invalid date "04/31/24": expected MM/dd/yy'],
    ['01/00/24', 'Invalid date "01/00/24": expected MM/dd/yy'],
    ['02/29/1900', 'Invalid date "02/29/1900": expected MM/dd/yyyy'],
    ['2024-13-01', 'Invalid date "2024-13-01": expected yyyy-MM-dd'],
    ['0000-01-01', 'Invalid date "0000-01-01": expected yyyy-MM-dd'],
    [
      '2024-01-01T24:00:00Z',
      'Invalid date "2024-01-01T24:00:00Z": expected an ISO timestamp such as 2024-01-01T09:30:00Z',
    ],
    [
      '2024-02-30T10:00:00Z',
      'Invalid date "2024-02-30T10:00:00Z": expected an ISO timestamp such as 2024-01-01T09:30:00Z',
    ],
    ['abc', 'Invalid date "abc": expected MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp'],
    ['', 'Invalid date "": expected MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp'],
    ['01/01/240', 'Invalid date "01/01/240": expected MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp'],
    ['01-01-24', 'Invalid date "01-01-24": expected MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp'],
    ['NaN', 'Invalid date "NaN": expected MM/dd/yy, MM/dd/yyyy, yyyy-MM-dd or an ISO timestamp'],
  ])('%j throws %j', (input, message) => {
    expectInvalid(input, message);
  });

  it('throws for an invalid Date and for Dates outside the years 1 to 9999', () => {
    expectInvalid(new Date(Number.NaN), 'Invalid date "Invalid Date": expected a valid Date');
    const far = new Date(Date.UTC(10000, 0, 1));
    expectInvalid(far, `Invalid date "${String(far)}": expected a valid Date`);
  });

  it('exposes the value and the expected format on the error', () => {
    const error = new InvalidDateError('13/01/24', 'MM/dd/yy');
    expect(error.value).toBe('13/01/24');
    expect(error.expected).toBe('MM/dd/yy');
    expect(error.message).toBe('Invalid date "13/01/24": expected MM/dd/yy');
  });
});

describe('formatDocumentDateOrDash', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    ['', '-'],
    ['   ', '-'],
    ['01/01/24', '1st January 2024'],
    [new Date(Date.UTC(2024, 5, 15, 12)), '15th June 2024'],
  ])('%j is %j', (input, expected) => {
    expect(formatDocumentDateOrDash(input)).toBe(expected);
  });

  it('still throws for an invalid date', () => {
    expect(() => formatDocumentDateOrDash('13/01/24')).toThrow(InvalidDateError);
  });
});

describe('ordinalSuffix', () => {
  it('matches the table for every day of the month', () => {
    for (let day = 1; day <= 31; day += 1) expect(`${day}${ordinalSuffix(day)}`).toBe(ORDINALS[day - 1]);
  });
});

describe('dates properties', () => {
  it('every valid date round-trips through MM/dd/yy with the right ordinal', () => {
    fc.assert(
      fc.property(calendarDateArb, ({ year, month, day }) => {
        const formatted = formatDocumentDate(`${pad(month)}/${pad(day)}/${pad(year % 100)}`);
        expect(formatted).toMatch(DOCUMENT_DATE);
        expect(formatted).toBe(`${ORDINALS[day - 1]} ${MONTHS[month - 1]} ${year}`);
      }),
    );
  });

  it('MM/dd/yyyy, yyyy-MM-dd and a Nairobi-noon timestamp agree with MM/dd/yy', () => {
    fc.assert(
      fc.property(calendarDateArb, ({ year, month, day }) => {
        const expected = formatDocumentDate(`${pad(month)}/${pad(day)}/${pad(year % 100)}`);
        expect(formatDocumentDate(`${month}/${day}/${year}`)).toBe(expected);
        expect(formatDocumentDate(`${year}-${pad(month)}-${pad(day)}`)).toBe(expected);
        expect(formatDocumentDate(`${year}-${pad(month)}-${pad(day)}T09:00:00Z`)).toBe(expected);
        expect(formatDocumentDate(new Date(Date.UTC(year, month - 1, day, 9)))).toBe(expected);
      }),
    );
  });

  it('invalid month/day combinations always throw', () => {
    const badMonth = fc.record({
      month: fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
      day: fc.integer({ min: 1, max: 28 }),
      year: fc.integer({ min: 2000, max: 2099 }),
    });
    const badDay = fc
      .record({
        year: fc.integer({ min: 2000, max: 2099 }),
        month: fc.integer({ min: 1, max: 12 }),
        over: fc.nat(30),
      })
      .map(({ year, month, over }) => ({ year, month, day: lastDay(year, month) + 1 + over }))
      .filter(({ day }) => day <= 99);
    const zeroDay = fc.record({
      year: fc.integer({ min: 2000, max: 2099 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.constant(0),
    });
    fc.assert(
      fc.property(fc.oneof(badMonth, badDay, zeroDay), ({ year, month, day }) => {
        const input = `${pad(month)}/${pad(day)}/${pad(year % 100)}`;
        expectInvalid(input, `Invalid date "${input}": expected MM/dd/yy`);
      }),
    );
  });

  it('a Date is shown on its calendar date in Nairobi', () => {
    const nairobi = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Nairobi',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const parts = Object.fromEntries(
            nairobi.formatToParts(date).map((part) => [part.type, part.value]),
          );
          const expected = `${ORDINALS[Number(parts.day) - 1]} ${parts.month} ${parts.year}`;
          expect(formatDocumentDate(date)).toBe(expected);
          expect(formatDocumentDate(date.toISOString())).toBe(expected);
        },
      ),
    );
  });

  it('any string either throws InvalidDateError or gives a clean document date', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{2,4}$/),
          fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        ),
        (input) => {
          let result: string | undefined;
          try {
            result = formatDocumentDate(input);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidDateError);
            return;
          }
          expect(result).toMatch(new RegExp(`^\\d{1,2}(st|nd|rd|th) (${MONTHS.join('|')}) \\d{1,4}$`));
          expect(result).not.toMatch(/NaN|undefined/);
        },
      ),
    );
  });
});

describe('formatDisplayDate and formatDisplayMoment: one form on every page, list and document', () => {
  it('English as the spec: "1st January 2024"; Kiswahili "1 Januari 2024"', () => {
    expect(formatDisplayDate('2024-01-01')).toBe('1st January 2024');
    expect(formatDisplayDate('2026-12-22', 'en')).toBe('22nd December 2026');
    expect(formatDisplayDate('2024-01-01', 'sw')).toBe('1 Januari 2024');
    expect(formatDisplayDate('2026-08-03', 'sw')).toBe('3 Agosti 2026');
  });

  it('a moment in Nairobi time, whatever the offset it was written with', () => {
    expect(formatDisplayMoment('2024-01-01T06:30:00Z')).toBe('1st January 2024, 09:30');
    expect(formatDisplayMoment('2024-01-31T22:15:00Z', 'sw')).toBe('1 Februari 2024, 01:15');
  });

  it('shows an unreadable value as given rather than failing the page', () => {
    expect(formatDisplayDate('not a date')).toBe('not a date');
    expect(formatDisplayMoment('never')).toBe('never');
  });
});

describe('nairobiToday', () => {
  it('is the day in Nairobi, which starts at 21:00 UTC the day before', () => {
    expect(nairobiToday(new Date('2026-11-28T20:59:59Z'))).toBe('2026-11-28');
    expect(nairobiToday(new Date('2026-11-28T21:00:00Z'))).toBe('2026-11-29');
    expect(nairobiToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});
