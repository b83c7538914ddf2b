import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, testCounty } from '../../testing/render-with-app';
import { InvoiceDocumentView } from './invoice-document';
import { InvoicePage } from './invoice-page';

const TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImFiYyJ9.eyJqdGkiOiJ4In0.c2lnbmF0dXJl';

function fixture(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    receiptNo: null,
    billDetails: [
      { Amount: '300', Description: 'Daily parking KDA 123A' },
      { Amount: '', Description: 'Waived penalty' },
      { Amount: '2,000.00', Description: 'Clamping fee' },
      { Amount: 300, Description: 'Daily parking KDB 456B' },
    ],
    isLr: false,
    customerName: 'Wanjiku Mary Kariuki',
    customerNo: 'NCC-0001001',
    billDate: '03/14/25',
    externalDoc: 'APP-2025-000412',
    isReceipt: false,
    billNo: 'BL-2025-004417',
    billAmount: 260_000,
    description: 'Parking and clamping',
    quantity: 1,
    unitPrice: 260_000,
    verifyCode: TOKEN,
    verifyUrl: `https://eservices.test.go.ke/e-verify?code=${TOKEN}`,
    ...overrides,
  };
}

const view = (model: InvoiceDocument, language: 'en' | 'sw' = 'en') =>
  renderWithApp(<InvoiceDocumentView model={model} county={testCounty} />, { language });

afterEach(() => vi.unstubAllGlobals());

describe('the printable invoice', () => {
  it('has the letterhead, INVOICE in red, the bill facts and the QR code pointing at E-Verify', async () => {
    await view(fixture());
    const title = screen.getByRole('heading', { level: 1, name: 'INVOICE' });
    expect(title.className).toContain('invoiceTitle');
    expect(screen.getByText('TEST CITY COUNTY')).toBeInTheDocument();
    expect(screen.getByText('Serving the test city')).toBeInTheDocument();
    const facts = screen.getByTestId('invoice-document').querySelector('dl')!;
    expect(facts).toHaveTextContent('Bill numberBL-2025-004417');
    expect(facts).toHaveTextContent('Date14th March 2025');
    expect(facts).toHaveTextContent('Customer nameWanjiku Mary Kariuki');
    expect(facts).toHaveTextContent('Customer numberNCC-0001001');
    expect(facts).toHaveTextContent('Application numberAPP-2025-000412');
    const qr = screen.getByRole('img', { name: 'QR code to verify this document' });
    expect(qr).toHaveAttribute('src', `/api/documents/qr.svg?code=${encodeURIComponent(TOKEN)}`);
    expect(screen.getByText(/Scan to verify at/)).toHaveTextContent(
      'Scan to verify at https://eservices.test.go.ke/e-verify',
    );
  });

  it('prints the grouped lines with quantities, amounts with 2 decimals, and the total in KES', async () => {
    await view(fixture());
    const rows = screen.getAllByTestId('document-line').map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['1', 'Daily parking KDA 123A, Daily parking KDB 456B', '2', '300.00', '600.00'],
      ['2', 'Clamping fee', '1', '2,000.00', '2,000.00'],
    ]);
    expect(screen.queryByText(/Waived penalty/)).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Total due' }).closest('tr')).toHaveTextContent(
      'KES 2,600.00',
    );
  });

  it("tells how to pay with the county's paybill (the invoice number as account) and both banks", async () => {
    await view(fixture());
    const instructions = screen.getByTestId('payment-instructions');
    expect(instructions).toHaveTextContent(
      'Business number 7654321, account number BL-2025-004417, amount KES 2,600.00',
    );
    expect(instructions).toHaveTextContent('First Test Bank, Main Street branch');
    expect(instructions).toHaveTextContent('Account number: 444555666');
  });

  it('has the county contacts in the footer of its one page', async () => {
    await view(fixture());
    const pages = screen.getAllByTestId('document-page');
    expect(pages).toHaveLength(1);
    const footer = within(pages[0]!).getByRole('contentinfo');
    expect(footer).toHaveTextContent('+254 700 000 111, +254 711 222 333');
    expect(footer).toHaveTextContent('help@test.go.ke, revenue@test.go.ke');
    expect(footer).toHaveTextContent('Page 1 of 1');
  });
});

describe('the printable receipt', () => {
  it('is titled RECEIPT (not red), shows the receipt number and amount paid, and no payment instructions', async () => {
    await view(fixture({ isReceipt: true, receiptNo: 'RCT-2025-018833' }));
    const title = screen.getByRole('heading', { level: 1, name: 'RECEIPT' });
    expect(title.className).not.toContain('invoiceTitle');
    expect(screen.queryByText('INVOICE')).toBeNull();
    expect(screen.getByTestId('invoice-document').querySelector('dl')).toHaveTextContent(
      'Receipt numberRCT-2025-018833',
    );
    expect(screen.getByRole('rowheader', { name: 'Amount paid' })).toBeInTheDocument();
    expect(screen.queryByTestId('payment-instructions')).toBeNull();
    expect(screen.queryByText(/7654321/)).toBeNull();
  });
});

describe('continuation pages', () => {
  it('prints a 450-item description on 3 pages: 200 items on the first, then 200 and 50, each page breaking before', async () => {
    const details = Array.from({ length: 450 }, (_, i) => ({
      Amount: '300',
      Description: `Parking ticket ${String(i + 1).padStart(3, '0')}`,
    }));
    await view(fixture({ billDetails: details, billAmount: 13_500_000 }));
    const pages = screen.getAllByTestId('document-page');
    expect(pages).toHaveLength(3);
    const [first, second, third] = pages as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Parking ticket 200');
    expect(first).not.toHaveTextContent('Parking ticket 201');
    expect(first).toHaveTextContent('Continued on pages 2 and 3 (450 items in all).');
    expect(within(first).getByTestId('document-line')).toHaveTextContent('450300.00135,000.00');
    expect(second.className).toContain('continuation');
    expect(within(second).getByRole('heading', { name: 'INVOICE (continued): line 1' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Description of line 1, items 201 to 400 of 450');
    expect(second).toHaveTextContent('Parking ticket 400');
    expect(second).not.toHaveTextContent('Parking ticket 401');
    expect(third).toHaveTextContent('items 401 to 450 of 450');
    expect(third).toHaveTextContent('Parking ticket 450');
    pages.forEach((page, i) => {
      expect(within(page).getByRole('contentinfo')).toHaveTextContent(`Page ${i + 1} of 3`);
    });
  });
});

describe('Kiswahili', () => {
  it('translates the labels and keeps the spec titles', async () => {
    await view(fixture(), 'sw');
    expect(screen.getByRole('heading', { level: 1, name: 'INVOICE' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jinsi ya kulipa' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Jumla ya kulipa' })).toBeInTheDocument();
  });
});

describe('InvoicePage (/downloads/Invoice)', () => {
  it('loads the receipt model of the bill named in the link and offers to print it', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse(200, fixture({ isReceipt: true, receiptNo: 'RCT-1' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderWithApp(<InvoicePage />, { path: '/downloads/Invoice?bill_no=BL-2025-004417&type=receipt' });
    expect(await screen.findByRole('heading', { level: 1, name: 'RECEIPT' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/bills/BL-2025-004417/receipt');
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeInTheDocument();
  });

  it('says what is wrong when the link names no bill, or the bill cannot be loaded', async () => {
    await renderWithApp(<InvoicePage />, { path: '/downloads/Invoice' });
    expect(screen.getByRole('status')).toHaveTextContent('This link does not name a bill.');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(404, { message: 'Not found.', code: 'not_found' })),
    );
    await renderWithApp(<InvoicePage />, { path: '/downloads/Invoice?bill_no=NOPE' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found.');
  });
});

describe('which invoice the printable page loads', () => {
  it("a public link's id and key: the public API, no bill number needed", async () => {
    const { invoiceDocumentPath, invoiceRequestFrom } = await import('./invoice-page');
    const link = invoiceRequestFrom(new URLSearchParams('id=Qm9vdHN0cmFw&key=abc_DEF-123'));
    expect(link).toEqual({ id: 'Qm9vdHN0cmFw', key: 'abc_DEF-123' });
    expect(invoiceDocumentPath(link!)).toBe('/api/bill-documents/Qm9vdHN0cmFw?key=abc_DEF-123');
    const owner = invoiceRequestFrom(new URLSearchParams('bill_no=NCCB40213378&type=receipt'));
    expect(invoiceDocumentPath(owner!)).toBe('/api/bills/NCCB40213378/receipt');
    expect(invoiceRequestFrom(new URLSearchParams('id=Qm9vdHN0cmFw'))).toBeUndefined();
  });
});
