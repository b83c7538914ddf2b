import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVOICE_TITLE, type InvoiceLayoutInput, layoutInvoice, RECEIPT_TITLE } from './invoice-layout';

const base: InvoiceLayoutInput = {
  billDetails: [],
  isReceipt: false,
  isLr: false,
  description: 'Single Business Permit',
  quantity: 1,
  unitPrice: 1_000_000,
  billAmount: 1_000_000,
};

const items = (n: number, prefix = 'KDA') => Array.from({ length: n }, (_, i) => `${prefix} ${100 + i}A`);

describe('layoutInvoice', () => {
  it('titles an invoice INVOICE with payment instructions and a receipt RECEIPT without', () => {
    const invoice = layoutInvoice(base);
    expect(invoice.title).toBe(INVOICE_TITLE);
    expect(invoice.showPaymentInstructions).toBe(true);
    const receipt = layoutInvoice({ ...base, isReceipt: true });
    expect(receipt.title).toBe(RECEIPT_TITLE);
    expect(receipt.showPaymentInstructions).toBe(false);
  });

  it('prints grouped lines with quantity, unit price and amount, dropping empty amounts', () => {
    const layout = layoutInvoice({
      ...base,
      billAmount: 330_000,
      billDetails: [
        { Amount: '1000', Description: 'Parking KDA 123A' },
        { Amount: '', Description: 'Nothing' },
        { Amount: 300, Description: 'Clamping fee' },
        { Amount: '1,000.00', Description: 'Parking KDB 456B' },
        { Amount: null, Description: 'Also nothing' },
        { Amount: '1000', Description: 'Parking KDC 789C' },
      ],
    });
    expect(layout.lines).toEqual([
      {
        number: 1,
        items: ['Parking KDA 123A', 'Parking KDB 456B', 'Parking KDC 789C'],
        totalItems: 3,
        quantity: 3,
        unitPrice: 100_000,
        amount: 300_000,
        continuedOn: [],
      },
      {
        number: 2,
        items: ['Clamping fee'],
        totalItems: 1,
        quantity: 1,
        unitPrice: 30_000,
        amount: 30_000,
        continuedOn: [],
      },
    ]);
    expect(layout.total).toBe(330_000);
    expect(layout.pageCount).toBe(1);
  });

  it("falls back to the bill's own description, quantity and unit price when no line has an amount", () => {
    const layout = layoutInvoice({ ...base, quantity: 2, billDetails: [{ Amount: '', Description: 'x' }] });
    expect(layout.lines).toHaveLength(1);
    expect(layout.lines[0]).toMatchObject({
      items: ['Single Business Permit'],
      quantity: 2,
      amount: 2_000_000,
    });
  });

  it('puts a 450-item description on the first page and two continuation pages (200, 200, 50)', () => {
    const details = items(450).map((Description) => ({ Amount: '300', Description }));
    const layout = layoutInvoice({ ...base, billDetails: details });
    expect(layout.pageCount).toBe(3);
    expect(layout.lines[0]!.items).toHaveLength(200);
    expect(layout.lines[0]!.continuedOn).toEqual([2, 3]);
    expect(layout.lines[0]!.quantity).toBe(450);
    expect(
      layout.continuationPages.map((p) => [
        p.pageNumber,
        p.lineNumber,
        p.firstItem,
        p.lastItem,
        p.items.length,
      ]),
    ).toEqual([
      [2, 1, 201, 400, 200],
      [3, 1, 401, 450, 50],
    ]);
    expect(layout.continuationPages[1]!.items.at(-1)).toBe('KDA 549A');
  });

  it('numbers continuation pages across several long lines in line order', () => {
    const layout = layoutInvoice({
      ...base,
      billDetails: [
        ...items(250, 'A').map((Description) => ({ Amount: '1', Description })),
        ...items(401, 'B').map((Description) => ({ Amount: '2', Description })),
      ],
    });
    expect(layout.lines.map((l) => l.continuedOn)).toEqual([[2], [3, 4]]);
    expect(layout.pageCount).toBe(4);
  });

  it('lists the distinct parcels of a land rates bill only', () => {
    const billDetails = [
      { Amount: '100', Description: 'Rates 2024', Parcel: 'NAIROBI/BLOCK 72/1234' },
      { Amount: '50', Description: 'Penalty', Parcel: 'NAIROBI/BLOCK 72/1234' },
      { Amount: '100', Description: 'Rates 2024', Parcel: 'NAIROBI/BLOCK 72/99' },
      { Amount: '100', Description: 'Other', Parcel: null },
    ];
    expect(layoutInvoice({ ...base, isLr: true, billDetails }).parcels).toEqual([
      'NAIROBI/BLOCK 72/1234',
      'NAIROBI/BLOCK 72/99',
    ]);
    expect(layoutInvoice({ ...base, billDetails }).parcels).toEqual([]);
  });

  it('keeps every description item exactly once, across the first page and continuation pages', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ amount: fc.integer({ min: 1, max: 5 }), count: fc.integer({ min: 0, max: 700 }) }),
          {
            maxLength: 4,
          },
        ),
        (groups) => {
          const billDetails = groups.flatMap((g, gi) =>
            Array.from({ length: g.count }, (_, i) => ({
              Amount: String(g.amount),
              Description: `g${gi}i${i}`,
            })),
          );
          const layout = layoutInvoice({ ...base, billDetails });
          if (billDetails.length === 0) return layout.pageCount === 1;
          const printed = [
            ...layout.lines.flatMap((l) => l.items),
            ...layout.continuationPages.flatMap((p) => p.items),
          ];
          const pages = layout.lines.reduce((n, l) => n + Math.max(0, Math.ceil(l.totalItems / 200) - 1), 1);
          return (
            printed.length === billDetails.length &&
            new Set(printed).size === printed.length &&
            layout.pageCount === pages &&
            layout.continuationPages.every((p) => p.items.length <= 200 && p.items.length > 0)
          );
        },
      ),
    );
  });
});
