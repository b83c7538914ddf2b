import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { beforeAll, describe, expect, it } from 'vitest';
import { nairobiCounty } from '../../../test/support/county';
import { type ReadPdf, readPdf } from '../../../test/support/pdf';
import { renderInvoicePdf } from './invoice-pdf';

const county = nairobiCounty;

const TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6ImlRRHN3UHpjIn0.eyJqdGkiOiJBYkNkRWZHaElqS2xNbk9wIiwiayI6InJlY2VpcHQiLCJuIjoiUkNULTIwMjQtMDAwMTIzNCIsImgiOiJXKioqKioqIEsqKioqKiIsImEiOjE1MDAwMDAsImlhdCI6MTczMjI2MjQwMH0.4-jO2CyimXvoW8YdmNFMlTMdHvftSHgLIK9zPUEYrjO1FE6cFvKIj1NDb-_aiBMFW9kBQ1Hu0VbePi_HgKTeAw';

function model(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    receiptNo: null,
    billDetails: [
      { Amount: '300', Description: 'Daily parking KDA 123A', Parcel: null },
      { Amount: '', Description: 'Waived penalty', Parcel: null },
      { Amount: '2,000.00', Description: 'Clamping fee', Parcel: null },
      { Amount: 300, Description: 'Daily parking KDB 456B', Parcel: null },
      { Amount: null, Description: 'Cancelled ticket', Parcel: null },
      { Amount: '300.00', Description: 'Daily parking KDC 789C', Parcel: null },
    ],
    isLr: false,
    customerName: 'Wanjiku Mary Kariuki',
    customerNo: 'NCC-0001001',
    billDate: '03/14/25',
    externalDoc: 'APP-2025-000412',
    isReceipt: false,
    billNo: 'BL-2025-004417',
    billAmount: 290_000,
    description: 'Parking and clamping',
    quantity: 1,
    unitPrice: 290_000,
    verifyCode: TOKEN,
    verifyUrl: `https://eservices.nairobi.go.ke/e-verify?code=${TOKEN}`,
    ...overrides,
  };
}

/** How many strongly red pixels page 1 has (the INVOICE title is the only red on it). */
async function redPixels(pdf: ReadPdf): Promise<number> {
  const { data } = await pdf.render(1, 1);
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i]! > 150 && data[i + 1]! < 80 && data[i + 2]! < 80) count++;
  }
  return count;
}

const parking = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    Amount: '300',
    Description: `Parking ticket ${String(i + 1).padStart(3, '0')}`,
  }));

describe('the invoice PDF', () => {
  let bytes: Buffer;
  let pdf: ReadPdf;
  beforeAll(async () => {
    bytes = await renderInvoicePdf(model(), county);
    pdf = await readPdf(bytes);
  });

  it('is one A4 page titled INVOICE in red, on the county letterhead, with the bill facts', async () => {
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.pageCount).toBe(1);
    const page = pdf.pages[0]!;
    expect(page).toContain('NAIROBI CITY COUNTY');
    expect(page).toContain('Finance and Economic Planning: Revenue Department');
    expect(page).toContain('Let us work together for a better city');
    expect(page).toContain('INVOICE');
    expect(page).not.toContain('RECEIPT');
    expect(page).toContain('Bill number BL-2025-004417');
    expect(page).toContain('Date 14th March 2025');
    expect(page).toContain('Customer name Wanjiku Mary Kariuki');
    expect(page).toContain('Customer number NCC-0001001');
    expect(page).toContain('Application number APP-2025-000412');
    expect(await redPixels(pdf)).toBeGreaterThan(100);
    expect(pdf.info.Title).toBe('Invoice BL-2025-004417');
  });

  it('groups the lines by amount with the group size as quantity, drops empty amounts, and totals in KES', () => {
    const page = pdf.pages[0]!;
    expect(page).toContain(
      '1 Daily parking KDA 123A, Daily parking KDB 456B, Daily parking KDC 789C 3 300.00 900.00',
    );
    expect(page).toContain('2 Clamping fee 1 2,000.00 2,000.00');
    expect(page).not.toContain('Waived penalty');
    expect(page).not.toContain('Cancelled ticket');
    expect(page).toContain('Total due KES 2,900.00');
  });

  it('tells how to pay: paybill 6060047 with the invoice number as the account, and both bank accounts', () => {
    const page = pdf.pages[0]!;
    expect(page).toContain('How to pay');
    expect(page).toContain('Business number 6060047, account number BL-2025-004417');
    expect(page).toContain('Kenya Commercial Bank, Moi Avenue branch');
    expect(page).toContain('Account number: 1107163281');
    expect(page).toContain('Co-operative Bank of Kenya, City Hall Way branch');
    expect(page).toContain('Account number: 01141389526700');
  });

  it('takes the paybill and banks from the county, not from the code', async () => {
    const other = await readPdf(
      await renderInvoicePdf(model(), {
        ...county,
        paybill: '5050505',
        bank_accounts: [
          { bank: 'Equity Bank', branch: 'Kisumu', account_name: 'Revenue', account_number: '0770' },
        ],
      }),
    );
    expect(other.pages[0]).toContain('Business number 5050505');
    expect(other.pages[0]).not.toContain('6060047');
    expect(other.pages[0]).toContain('Equity Bank, Kisumu branch');
  });

  it('has the county contacts in the footer and a QR code that decodes to the verify link', async () => {
    const page = pdf.pages[0]!;
    expect(page).toContain('+254 725 624 489, +254 738 041 292');
    expect(page).toContain('info@nairobi.go.ke, revenue@nairobi.go.ke');
    expect(page).toContain('Page 1 of 1');
    expect(page).toContain('Scan to verify at https://eservices.nairobi.go.ke/e-verify');
    expect(await pdf.decodeQr(1)).toBe(model().verifyUrl);
  });

  it('uses only the standard PDF fonts: nothing embedded', () => {
    const raw = bytes.toString('latin1');
    expect(raw).not.toMatch(/\/FontFile/);
    const fonts = [...raw.matchAll(/\/BaseFont \/([\w-]+)/g)].map((m) => m[1]);
    expect(new Set(fonts)).toEqual(new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']));
  });
});

describe('the receipt PDF', () => {
  it('is titled RECEIPT (not red), shows the receipt number and amount paid, and has no payment instructions', async () => {
    const pdf = await readPdf(
      await renderInvoicePdf(model({ isReceipt: true, receiptNo: 'RCT-2025-018833' }), county),
    );
    const page = pdf.pages[0]!;
    expect(page).toContain('RECEIPT');
    expect(page).not.toContain('INVOICE');
    expect(page).toContain('Receipt number RCT-2025-018833');
    expect(page).toContain('Amount paid KES 2,900.00');
    expect(page).not.toContain('How to pay');
    expect(page).not.toContain('6060047');
    expect(page).not.toContain('1107163281');
    expect(page).toContain('info@nairobi.go.ke');
    expect(await redPixels(pdf)).toBe(0);
  });
});

describe('continuation pages', () => {
  it('prints a 450-item description on 3 pages: 200 on the first, 200 and 50 on continuation pages', async () => {
    const details = [...parking(450), { Amount: '2000', Description: 'Clamping fee' }];
    const pdf = await readPdf(
      await renderInvoicePdf(model({ billDetails: details, billAmount: 13_700_000 }), county),
    );
    expect(pdf.pageCount).toBe(3);
    const [first, second, third] = pdf.pages as [string, string, string];
    expect(first).toContain('Parking ticket 001, Parking ticket 002');
    expect(first).toContain('Parking ticket 200');
    expect(first).not.toContain('Parking ticket 201');
    expect(first).toContain('Continued on pages 2 and 3 (450 items in all).');
    expect(first).toMatch(/450 300\.00 135,000\.00/);
    expect(first).toContain('2 Clamping fee 1 2,000.00 2,000.00');
    expect(first).toContain('Total due KES 137,000.00');
    expect(first).toContain('How to pay');
    expect(second).toContain('INVOICE (continued): line 1');
    expect(second).toContain('Description of line 1, items 201 to 400 of 450');
    expect(second).toContain('Parking ticket 201');
    expect(second).toContain('Parking ticket 400');
    expect(second).not.toContain('Parking ticket 401');
    expect(third).toContain('items 401 to 450 of 450');
    expect(third).toContain('Parking ticket 450');
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of 3`);
      expect(page).toContain('revenue@nairobi.go.ke');
      expect(page).toContain('Bill number BL-2025-004417');
    });
  });

  it('moves to a new page rather than run over the footer when even the first chunk does not fit', async () => {
    const long = Array.from({ length: 200 }, (_, i) => ({
      Amount: '100',
      Description: `Plot NAIROBI/BLOCK 72/${1000 + i} land rates arrears for the years 2019 to 2024`,
    }));
    const pdf = await readPdf(
      await renderInvoicePdf(model({ billDetails: long, billAmount: 2_000_000 }), county),
    );
    const all = pdf.pages.join(' ');
    for (const n of [1000, 1100, 1199]) expect(all).toContain(`BLOCK 72/${n} land rates`);
    expect(pdf.pageCount).toBeGreaterThan(1);
    pdf.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pdf.pageCount}`);
    });
  });
});
