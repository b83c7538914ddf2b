import { randomUUID } from 'node:crypto';
import { findService } from '@kaunti/catalogue/catalogue';
import { SWAHILI_MONTH_NAMES } from '@kaunti/contract/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STALL_NO } from '../../src/areas/markets/stalls-seed';
import { DEMO_TENANCY_NO } from '../../src/areas/property/seed';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import { readPdf } from '../support/pdf';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, signedInAs, type TestUser } from '../support/users';

/**
 * A bill in the reader's language (issue 36 item 23, decision 030): its own description, its
 * lines, and the invoice and receipt that print them — the page's model and the PDF — in
 * Kiswahili on the Kiswahili setting (`Accept-Language`, or `lang=sw` on a link), English
 * otherwise. The register (E-Verify) keeps the English.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`bills-sw-${randomUUID()}`));
}, 60_000);
afterAll(() => close());

const SW = { 'accept-language': 'sw-KE, sw;q=0.9' };
const get = (url: string, user: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });
const pdfText = async (url: string, user: TestUser, headers: Record<string, string> = {}) => {
  const res = await get(url, user, headers);
  expect(res.statusCode, res.body).toBe(200);
  return {
    language: res.headers['content-language'],
    text: (await readPdf(res.rawPayload)).pages.join('\n'),
  };
};
const MONTH_SW = new RegExp(`(${SWAHILI_MONTH_NAMES.join('|')}) \\d{4}`);

describe('a bill in the reader’s language', () => {
  it('an application’s bill: description, lines, invoice and receipt in Kiswahili; English without', async () => {
    const service = findService('inoculation')!;
    const applicant = await createSignedInUser(t);
    const open = (await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${service.id}` })).json();
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: applicant.headers,
      payload: { service_id: service.id, values: open.example },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    const titleSw = service.texts!.sw!.title!;

    const inSw = (await get(`/api/bills/${bill.bill_no}`, applicant, SW)).json();
    expect(inSw.description).toBe(`${titleSw}: ombi ${application.application_no}`);
    const inEn = (await get(`/api/bills/${bill.bill_no}`, applicant)).json();
    expect(inEn.description).toBe(`${service.title}: application ${application.application_no}`);
    expect(inSw.lines[0].Description).not.toBe(inEn.lines[0].Description);

    // The printable page's model, asked in Kiswahili: the bill's words in it.
    const invoiceSw = await get(`/api/bills/${bill.bill_no}/invoice`, applicant, SW);
    expect(invoiceSw.headers['content-language']).toBe('sw');
    expect(invoiceSw.json()).toMatchObject({
      description: inSw.description,
      billDetails: [expect.objectContaining({ Description: inSw.lines[0].Description })],
    });
    // The PDF by its link (lang=sw) and by the header: labels, instructions and words in Kiswahili.
    for (const [url, headers] of [
      [`/api/bills/${bill.bill_no}/invoice.pdf?lang=sw`, {}],
      [`/api/bills/${bill.bill_no}/invoice.pdf`, SW],
    ] as const) {
      const pdf = await pdfText(url, applicant, headers);
      expect(pdf.language).toBe('sw');
      expect(pdf.text).toContain('Jinsi ya kulipa');
      expect(pdf.text).toContain('Maelezo ya bili');
      expect(pdf.text).toContain(`ombi ${application.application_no}`);
      expect(pdf.text).not.toContain('How to pay');
    }
    const english = await pdfText(`/api/bills/${bill.bill_no}/invoice.pdf`, applicant);
    expect(english.language).toBe('en');
    expect(english.text).toContain('How to pay');
    expect(english.text).toContain(`application ${application.application_no}`);

    await payApplicationBill(
      t,
      applicant,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    const receipt = await pdfText(`/api/bills/${bill.bill_no}/receipt.pdf?lang=sw`, applicant);
    expect(receipt.text).toContain('Malipo yamepokelewa, asante.');
    expect(receipt.text).toContain('Kiasi kilicholipwa');
    expect(receipt.text).toMatch(
      /\d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}/,
    );
  });

  it('county rent: the bill and each month’s line name the months in Kiswahili', async () => {
    const tenant = await signedInAs(t, '0712345678');
    const raised = await t.app.inject({
      method: 'POST',
      url: `/api/estates/tenancies/${DEMO_TENANCY_NO}/bill`,
      headers: tenant.headers,
      payload: { months: 1 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const billNo = raised.json().bill_no as string;
    const inSw = (await get(`/api/bills/${billNo}`, tenant, SW)).json();
    expect(inSw.description).toMatch(/^Kodi ya nyumba ya kaunti, /);
    expect(inSw.description).toMatch(MONTH_SW);
    expect(inSw.description).toContain(' hadi ');
    for (const line of inSw.lines) expect(line.Description).toMatch(MONTH_SW);
    expect(inSw.lines.at(-1).Description).toMatch(/\(mapema\)$/);
    const inEn = (await get(`/api/bills/${billNo}`, tenant)).json();
    expect(inEn.description).toMatch(/^County rent, /);
    expect(inEn.lines.at(-1).Description).toMatch(/\(in advance\)$/);
  });

  it('county rent: the bill the tenant asks for answers in the reader’s language, as GET /api/bills does', async () => {
    const tenant = await signedInAs(t, '0712345678');
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/estates/tenancies/${DEMO_TENANCY_NO}/bill`,
        headers: { ...tenant.headers, ...headers },
        payload: { months: 0 },
      });
    const inSw = await ask(SW);
    expect(inSw.statusCode, inSw.body).toBe(200);
    expect(inSw.headers['content-language']).toBe('sw');
    const answered = inSw.json();
    const read = (await get(`/api/bills/${answered.bill_no}`, tenant, SW)).json();
    expect(answered.description).toMatch(/^Kodi ya nyumba ya kaunti, /);
    expect(answered.description).toBe(read.description);
    expect(answered.lines.map((l: { Description: string }) => l.Description)).toEqual(
      read.lines.map((l: { Description: string }) => l.Description),
    );
    const inEn = await ask({});
    expect(inEn.headers['content-language']).toBe('en');
    expect(inEn.json().description).toMatch(/^County rent, /);
  });

  it('stall rent: the bill the trader asks for answers in the reader’s language too', async () => {
    const trader = await signedInAs(t, '0722334455');
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/markets/stalls/${DEMO_STALL_NO}/bill`,
        headers: { ...trader.headers, ...headers },
        payload: { months: 1 },
      });
    const inSw = await ask(SW);
    expect(inSw.statusCode, inSw.body).toBe(200);
    expect(inSw.headers['content-language']).toBe('sw');
    const read = (await get(`/api/bills/${inSw.json().bill_no}`, trader, SW)).json();
    expect(inSw.json().description).toBe(read.description);
    expect(inSw.json().description).toMatch(MONTH_SW);
    expect((await ask({})).json().description).toMatch(/^Stall rent, /);
  });
});
