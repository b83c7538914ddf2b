import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillDetail,
  billAmountToCents,
  CONTINUATION_PAGE_ITEMS,
  chunkDescription,
  groupBillingLines,
  isEmptyAmount,
} from './invoice-lines';

describe('groupBillingLines', () => {
  it('groups equal amounts in order of first appearance and drops empty amounts', () => {
    const details: BillDetail[] = [
      { Amount: '1500.50', Description: 'Land rates', Parcel: 'NAI/1' },
      { Amount: 100, Description: 'Ground rent' },
      { Amount: null, Description: 'Nothing' },
      { Amount: '100.00', Description: 'Penalty' },
      { Amount: '', Description: 'Blank' },
      { Amount: '   ', Description: 'Spaces' },
      { Amount: undefined, Description: 'Missing' },
      { Amount: ' 100 ', Description: ' Interest ' },
      { Amount: 1500.5, Description: 'Land rates', Parcel: null },
      { Amount: '0', Description: 'Waiver' },
    ];
    expect(groupBillingLines(details)).toEqual([
      { amount: 150050, description: 'Land rates, Land rates', quantity: 2 },
      { amount: 10000, description: 'Ground rent, Penalty, Interest', quantity: 3 },
      { amount: 0, description: 'Waiver', quantity: 1 },
    ]);
  });

  it('counts entries with a blank description without printing them', () => {
    expect(
      groupBillingLines([
        { Amount: '50', Description: '' },
        { Amount: '50', Description: 'Fee' },
        { Amount: '50', Description: '  ' },
      ]),
    ).toEqual([{ amount: 5000, description: 'Fee', quantity: 3 }]);
  });

  it('gives no lines for no entries or only empty amounts', () => {
    expect(groupBillingLines([])).toEqual([]);
    expect(groupBillingLines([{ Amount: null, Description: 'x' }])).toEqual([]);
  });

  it('refuses an amount that is not shillings, naming the line', () => {
    expect(() => groupBillingLines([{ Amount: 'abc', Description: 'Land rates' }])).toThrow(
      new Error(
        'Bill line "Land rates" has an invalid amount: Invalid amount "abc": expected a number of shillings such as 1,234.50',
      ),
    );
    expect(() => groupBillingLines([{ Amount: '1.005', Description: 'Fee' }])).toThrow(
      new Error(
        'Bill line "Fee" has an invalid amount: Invalid amount "1.005": use at most 2 decimal places',
      ),
    );
    expect(() => groupBillingLines([{ Amount: Number.NaN, Description: 'Fee' }])).toThrow(
      new Error(
        'Bill line "Fee" has an invalid amount: Invalid amount "NaN": expected a number of shillings such as 1,234.50',
      ),
    );
  });
});

describe('billAmountToCents and isEmptyAmount', () => {
  it.each([
    ['1500.50', 150050],
    ['1500.5', 150050],
    [1500.5, 150050],
    [0.1, 10],
    [1.15, 115],
    ['1,500', 150000],
    ['KES 20', 2000],
    [-20, -2000],
  ])('%j is %d cents', (amount, cents) => {
    expect(billAmountToCents(amount)).toBe(cents);
  });

  it('refuses empty amounts', () => {
    expect(() => billAmountToCents(null, 'Fee')).toThrow(new Error('Bill line "Fee" has no amount'));
  });

  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    [' \t', true],
    ['0', false],
    [0, false],
  ])('isEmptyAmount(%j) is %j', (amount, empty) => {
    expect(isEmptyAmount(amount)).toBe(empty);
  });
});

describe('chunkDescription', () => {
  it('exports the continuation page size', () => {
    expect(CONTINUATION_PAGE_ITEMS).toBe(200);
  });

  it.each([
    ['', 2, []],
    [' , ,', 2, []],
    ['a', 2, [['a']]],
    ['a, b, c', 2, [['a', 'b'], ['c']]],
    [
      'a,b , c,,d',
      2,
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['a, b, c', 3, [['a', 'b', 'c']]],
  ])('%j in chunks of %d is %j', (description, size, chunks) => {
    expect(chunkDescription(description, size)).toEqual(chunks);
  });

  it('uses 200 items a page by default', () => {
    const items = Array.from({ length: 401 }, (_, i) => `Parcel ${i}`);
    const chunks = chunkDescription(items.join(', '));
    expect(chunks.map((chunk) => chunk.length)).toEqual([200, 200, 1]);
    expect(chunks[2]).toEqual(['Parcel 400']);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the size %d', (size) => {
    expect(() => chunkDescription('a', size)).toThrow(
      new RangeError(`Chunk size must be a positive whole number, got ${size}`),
    );
  });
});

/** Shillings text or number for an amount in cents, in one of the forms the billing system sends. */
const amountArb = (cents: number): fc.Arbitrary<string | number> => {
  const shillings = (cents - (cents % 100)) / 100;
  const fraction = String(cents % 100).padStart(2, '0');
  return fc.constantFrom<string | number>(
    `${shillings}.${fraction}`,
    ` ${shillings}.${fraction} `,
    cents % 100 === 0 ? `${shillings}` : `${shillings}.${fraction}`,
    cents / 100,
  );
};
const nonEmptyDetailArb: fc.Arbitrary<{ cents: number; detail: BillDetail }> = fc
  .oneof(fc.constantFrom(0, 100, 10000, 150050), fc.integer({ min: 0, max: 10 ** 12 }))
  .chain((cents) =>
    fc.record({
      cents: fc.constant(cents),
      detail: fc.record({
        Amount: amountArb(cents),
        Description: fc.stringMatching(/^[A-Za-z0-9 /]{0,12}$/),
        Parcel: fc.option(fc.string(), { nil: undefined }),
      }),
    }),
  );
const emptyDetailArb: fc.Arbitrary<{ cents: null; detail: BillDetail }> = fc.record({
  cents: fc.constant(null),
  detail: fc.record({ Amount: fc.constantFrom(null, undefined, '', '  '), Description: fc.string() }),
});
const detailsArb = fc.array(fc.oneof(nonEmptyDetailArb, emptyDetailArb), { maxLength: 40 });

describe('invoice lines properties', () => {
  it('the quantities add up to the number of entries with an amount', () => {
    fc.assert(
      fc.property(detailsArb, (entries) => {
        const lines = groupBillingLines(entries.map((entry) => entry.detail));
        const withAmount = entries.filter((entry) => entry.cents !== null).length;
        expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(withAmount);
      }),
    );
  });

  it('the total of amount × quantity is the sum of the amounts', () => {
    fc.assert(
      fc.property(detailsArb, (entries) => {
        const lines = groupBillingLines(entries.map((entry) => entry.detail));
        const expected = entries.reduce((sum, entry) => sum + (entry.cents ?? 0), 0);
        expect(lines.reduce((sum, line) => sum + line.amount * line.quantity, 0)).toBe(expected);
      }),
    );
  });

  it('gives one line per distinct amount, in order of first appearance, with its descriptions in order', () => {
    fc.assert(
      fc.property(detailsArb, (entries) => {
        const lines = groupBillingLines(entries.map((entry) => entry.detail));
        const order: number[] = [];
        for (const { cents } of entries) if (cents !== null && !order.includes(cents)) order.push(cents);
        expect(lines.map((line) => line.amount)).toEqual(order);
        for (const line of lines) {
          const descriptions = entries
            .filter((entry) => entry.cents === line.amount)
            .map((entry) => entry.detail.Description.trim())
            .filter((description) => description !== '');
          expect(line.description).toBe(descriptions.join(', '));
          expect(chunkDescription(line.description, 1_000).flat()).toEqual(descriptions);
        }
      }),
    );
  });

  it('chunks concatenate to the items and all but the last are full', () => {
    const itemArb = fc.stringMatching(/^[A-Za-z0-9/ -]{0,10}$/);
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (rawItems, size) => {
        const items = rawItems.map((item) => item.trim()).filter((item) => item !== '');
        const chunks = chunkDescription(rawItems.join(','), size);
        expect(chunks.flat()).toEqual(items);
        expect(chunks.length).toBe(Math.ceil(items.length / size));
        chunks.forEach((chunk, index) => {
          if (index < chunks.length - 1) expect(chunk).toHaveLength(size);
          else expect(chunk.length).toBeGreaterThanOrEqual(1);
          expect(chunk.length).toBeLessThanOrEqual(size);
        });
      }),
    );
  });
});
