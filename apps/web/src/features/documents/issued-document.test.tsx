import type { PrintableDocument } from '@kaunti/contract/api-documents';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { documentRoutes } from './routes';

const TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImFiYyJ9.eyJqdGkiOiJ4In0.c2lnbmF0dXJl';

function fixture(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  return {
    id: 'doc_AbCdEf123456',
    template: 'clearance-certificate',
    title: 'Rates clearance certificate',
    number: 'LND-2026-000412',
    holder: 'Wanjiku Mary Kariuki',
    facts: [
      { label: 'Issued to', value: 'Wanjiku Mary Kariuki' },
      { label: 'Application number', value: 'LND-2026-000412' },
      { label: 'Parcel (LR number)', value: '209/10001' },
      { label: 'Date of issue', value: '14th March 2026' },
      { label: 'Valid until', value: '12th June 2026' },
    ],
    tables: [],
    body: ['This is to certify that all land rates due in respect of parcel 209/10001 have been paid.'],
    conditions: [
      'This certificate is valid for 90 days from the date of issue.',
      'Any alteration makes it void.',
    ],
    conditions_title: 'Conditions',
    conditions_page: false,
    issued_on: '2026-03-14T09:00:00.000Z',
    valid_until: '2026-06-12T09:00:00.000Z',
    state: 'valid',
    revoked_on: null,
    revocation_reason: null,
    verify_url: `https://eservices.test.go.ke/e-verify?code=${TOKEN}`,
    verify_code: TOKEN,
    short_code: 'ABCD-EFGH-JKLM',
    signatory: 'For the Test City County',
    pdf_url: 'https://eservices.test.go.ke/api/documents/doc_AbCdEf123456/pdf',
    print_url: 'https://eservices.test.go.ke/downloads/certificate-of-verification?id=doc_AbCdEf123456',
    ...overrides,
  };
}

const open = (path: string, language: 'en' | 'sw' = 'en') =>
  renderWithApp([{ path: '/', children: [...documentRoutes, { path: '*', element: <p>No such page</p> }] }], {
    path,
    language,
  });

afterEach(() => vi.unstubAllGlobals());

describe('the printable page of an issued document (/downloads/<name>?id=)', () => {
  it('shows the letterhead, the title, the facts, the QR with its short code, the wording and the conditions', async () => {
    const api = stubApi({ 'GET /api/documents/:id': () => jsonResponse(200, fixture()) });
    await open('/downloads/certificate-of-verification?id=doc_AbCdEf123456&key=k3yK3yK3y');
    const document = await screen.findByTestId('issued-document');
    expect(api.calls[0]!.url).toBe('/api/documents/doc_AbCdEf123456?key=k3yK3yK3y');
    expect(
      within(document).getByRole('heading', { level: 1, name: 'Rates clearance certificate' }),
    ).toBeVisible();
    expect(document).toHaveTextContent('TEST CITY COUNTY');
    expect(document).toHaveTextContent('No. LND-2026-000412');
    const facts = document.querySelector('dl')!;
    expect(facts).toHaveTextContent('Issued toWanjiku Mary Kariuki');
    expect(facts).toHaveTextContent('Parcel (LR number)209/10001');
    expect(facts).toHaveTextContent('Date of issue14th March 2026');
    expect(facts).toHaveTextContent('Valid until12th June 2026');
    expect(within(document).getByRole('img', { name: 'QR code to verify this document' })).toHaveAttribute(
      'src',
      `/api/documents/qr.svg?code=${encodeURIComponent(TOKEN)}`,
    );
    expect(within(document).getByTestId('short-code')).toHaveTextContent('ABCD-EFGH-JKLM');
    expect(document).toHaveTextContent('all land rates due in respect of parcel 209/10001');
    const conditions = within(document).getByRole('region', { name: 'Conditions' });
    expect(
      within(conditions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(fixture().conditions);
    expect(screen.queryByTestId('document-stamp')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute(
      'href',
      `${fixture().pdf_url}?lang=en`,
    );
  });

  it("prints a permit's tables of lines, and its terms on a second page of their own", async () => {
    stubApi({
      'GET /api/documents/:id': () =>
        jsonResponse(
          200,
          fixture({
            template: 'unified-business-permit',
            title: 'Unified Business Permit',
            tables: [
              {
                title: 'Charges paid',
                columns: [
                  { label: 'Code', money: false },
                  { label: 'Description', money: false },
                  { label: 'Amount', money: true },
                ],
                rows: [
                  ['FIRE', 'Fire safety inspection', 'KES 1,500.00'],
                  ['APP', 'Application fee', 'KES 100.00'],
                ],
              },
            ],
            conditions_title: 'Terms and conditions',
            conditions_page: true,
          }),
        ),
    });
    await open('/downloads/ubp?id=doc_AbCdEf123456');
    const document = await screen.findByTestId('issued-document');
    const table = within(document).getByRole('table', { name: 'Charges paid' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Code', 'Description', 'Amount']);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('APPApplication feeKES 100.00');
    // On a phone each cell stacks under its column's name.
    expect(
      within(within(table).getAllByRole('row')[2]!)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    ).toEqual(['Code', 'Description', 'Amount']);
    const pages = within(document).getAllByTestId('document-page');
    expect(pages).toHaveLength(2);
    expect(within(pages[0]!).queryByRole('region', { name: 'Terms and conditions' })).toBeNull();
    expect(within(pages[1]!).getByRole('region', { name: 'Terms and conditions' })).toBeVisible();
    expect(pages[1]).toHaveTextContent('Page 2 of 2');
  });

  it('says so, above the document and across it, when the county revoked it', async () => {
    stubApi({
      'GET /api/documents/:id': () =>
        jsonResponse(
          200,
          fixture({
            state: 'revoked',
            revoked_on: '2026-04-02T10:00:00.000Z',
            revocation_reason: 'Issued in error',
          }),
        ),
    });
    await open('/downloads/certificate-of-verification?id=doc_AbCdEf123456');
    expect(await screen.findByText('This document has been revoked')).toBeVisible();
    expect(
      screen.getByText(/revoked this document on 2nd April 2026\. Reason: Issued in error\./),
    ).toBeVisible();
    expect(screen.getByTestId('document-stamp')).toHaveTextContent('REVOKED');
  });

  it('says when it has expired, in Kiswahili too', async () => {
    stubApi({ 'GET /api/documents/:id': () => jsonResponse(200, fixture({ state: 'expired' })) });
    await open('/downloads/certificate-of-verification?id=doc_AbCdEf123456', 'sw');
    expect(await screen.findByText('Muda wa hati hii umeisha')).toBeVisible();
    // A date as Kiswahili writes it (issue 36 item 23).
    expect(screen.getByText('Hati hii ilikuwa halali hadi 12 Juni 2026. Si halali tena.')).toBeVisible();
    expect(screen.getByTestId('document-stamp')).toHaveTextContent('IMEISHA MUDA');
  });

  it("prints in the reader's language: the document asked in Kiswahili, its PDF link too (issue 36 item 23)", async () => {
    const kiswahili = fixture({
      title: 'Cheti cha kutodaiwa kodi ya ardhi',
      facts: [
        { label: 'Imetolewa kwa', value: 'Wanjiku Mary Kariuki' },
        { label: 'Tarehe ya kutolewa', value: '14 Machi 2026' },
      ],
      conditions: ['Cheti hiki ni halali kwa siku 90 tangu tarehe ya kutolewa.'],
      conditions_title: 'Masharti',
      signatory: 'Kwa niaba ya Test City County',
      pdf_url: 'https://eservices.test.go.ke/api/documents/doc_AbCdEf123456/pdf?key=k3yK3yK3y',
    });
    stubApi({
      'GET /api/documents/:id': ({ init }) =>
        jsonResponse(200, new Headers(init.headers).get('accept-language') === 'sw' ? kiswahili : fixture()),
    });
    await open('/downloads/certificate-of-verification?id=doc_AbCdEf123456&key=k3yK3yK3y', 'sw');
    const document = await screen.findByTestId('issued-document');
    expect(within(document).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Cheti cha kutodaiwa kodi ya ardhi',
    );
    expect(document).toHaveTextContent('Tarehe ya kutolewa');
    expect(document).toHaveTextContent('14 Machi 2026');
    expect(document).toHaveTextContent('Kwa niaba ya Test City County');
    expect(document).not.toHaveTextContent('Rates clearance certificate');
    expect(screen.getByRole('link', { name: 'Pakua PDF' })).toHaveAttribute(
      'href',
      'https://eservices.test.go.ke/api/documents/doc_AbCdEf123456/pdf?key=k3yK3yK3y&lang=sw',
    );
  });

  it('says what is wrong for a link without an id, or an unknown document', async () => {
    await open('/downloads/official-letter');
    expect(await screen.findByText(/This link does not name a document/)).toBeVisible();
    stubApi({
      'GET /api/documents/:id': () =>
        jsonResponse(404, { code: 'not_found', message: 'We could not find that document.' }),
    });
    await open('/downloads/official-letter?id=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that document.');
  });

  it('is a 404 under a name the spec does not list', async () => {
    await open('/downloads/not-a-printable?id=doc_AbCdEf123456');
    expect(await screen.findByText('No such page')).toBeVisible();
  });
});
