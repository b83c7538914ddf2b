import { randomUUID } from 'node:crypto';
import { addServiceFolder, tariffRowsOf } from '@kaunti/catalogue/catalogue';
import { type FolderFiles, foldersOf } from '@kaunti/catalogue/service-folder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTariffRows } from '../../src/core/applications/fees';
import { pathAndQuery } from '../support/links';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import { qpdfCheck, readPdf } from '../support/pdf';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

/**
 * "A service is one folder": a throw-away service folder (test/fixtures/services/health/
 * food-handler-fixture/: its definition, tariff, Kiswahili and own template), and nothing else,
 * is served end to end by the engine — listed, described in both languages, quoted, submitted,
 * billed, paid by M-Pesa, issued on payment, printed as a PDF and verified.
 */
const [folder] = foldersOf(
  import.meta.glob('../fixtures/services/health/food-handler-fixture/*', { eager: true }) as FolderFiles,
);

let t: TestApp;
let close: () => Promise<void>;
let removeFixture: () => void;
let citizen: TestUser;

beforeAll(async () => {
  removeFixture = addServiceFolder(folder!);
  ({ t, close } = await createAppWithSimulator(`fixture-callback-secret-${randomUUID()}`));
  // Its tariff rows, by the one loader every folder's rows go through at start.
  await loadTariffRows(t.database.db, tariffRowsOf('nairobi'));
  citizen = await createSignedInUser(t, { firstName: 'Otieno', surName: 'Okoth' });
});
afterAll(async () => {
  await close();
  removeFixture();
});

describe('a new service from one folder', () => {
  const handlers = [
    { full_name: 'Akinyi Atieno', id_number: '30126554' },
    { full_name: 'Baraka Mwangi', id_number: '2874410' },
  ];

  it('is listed and described by the open catalogue, with its own submit path', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/catalogue/services' })).json();
    expect(list.data).toContainEqual(
      expect.objectContaining({
        id: 'food-handler-fixture',
        area: 'health',
        menu: true,
        submit_path: '/api/services/food-handler-fixture/applications',
      }),
    );
    const open = (
      await t.app.inject({ method: 'GET', url: '/api/catalogue/services/food-handler-fixture' })
    ).json();
    expect(open.document).toMatchObject({
      kind: 'food-handler-certificate-fixture',
      title: 'Food handler certificate',
      register: 'certificate',
      print_route: '/downloads/health-certificate',
      facts: [
        { label: 'Certificate number', field: 'number' },
        { label: 'Premises', field: 'premises_name' },
        { label: 'Sub-county', field: 'sub_county_code' },
        { label: 'Fee paid', field: 'fee' },
        { label: 'Valid until', field: 'valid_until' },
      ],
      conditions: ['This certificate must be displayed at the premises.'],
      validity_days: 365,
    });
    expect(open.steps[0].fields[2]).toMatchObject({
      kind: 'group',
      fields: [{ name: 'full_name' }, { name: 'id_number' }],
    });
  });

  it("speaks Kiswahili when asked: its folder's texts, a group's fields and its document too", async () => {
    const sw = await t.app.inject({
      method: 'GET',
      url: '/api/catalogue/services/food-handler-fixture',
      headers: { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' },
    });
    expect(sw.headers['content-language']).toBe('sw');
    const open = sw.json();
    expect(open.title).toBe('Cheti cha mhudumu wa chakula (jaribio)');
    expect(open.steps[0].title).toBe('Eneo la biashara na wahudumu');
    expect(open.steps[0].fields[2]).toMatchObject({
      label: 'Wahudumu wa chakula',
      fields: [
        { name: 'full_name', label: 'Jina kamili' },
        { name: 'id_number', label: 'Nambari ya kitambulisho' },
      ],
    });
    expect(open.submit.success_message).toBe('Ombi la mhudumu wa chakula limewasilishwa');
    expect(open.document).toMatchObject({
      title: 'Cheti cha mhudumu wa chakula',
      facts: expect.arrayContaining([{ label: 'Eneo la biashara', field: 'premises_name' }]),
      conditions: ['Cheti hiki lazima kionyeshwe kwenye eneo la biashara.'],
    });
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/catalogue/services',
        headers: { 'accept-language': 'sw' },
      })
    ).json();
    expect(list.data).toContainEqual(
      expect.objectContaining({
        id: 'food-handler-fixture',
        title: 'Cheti cha mhudumu wa chakula (jaribio)',
      }),
    );
  });

  it('is quoted, submitted, billed, paid, issued on payment, printed and verified', async () => {
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/services/food-handler-fixture/quote',
      payload: { values: { handlers } },
    });
    expect(quote.json()).toMatchObject({
      complete: true,
      total_cents: 200_000,
      lines: [{ description: 'Food handler medical certificate × 2 handlers', amount_cents: 200_000 }],
    });

    // A handler's ID number in another form is refused by the definition's own pattern.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/services/food-handler-fixture/applications',
      headers: citizen.headers,
      payload: {
        premises_name: 'Mama Oliech Restaurant',
        sub_county_code: '274',
        handlers: [{ full_name: 'X', id_number: 'A12' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'handlers.0.id_number', message: 'Please enter the ID number: 7 or 8 digits' },
    ]);

    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/services/food-handler-fixture/applications',
      headers: citizen.headers,
      payload: { premises_name: 'Mama Oliech Restaurant', sub_county_code: '274', handlers },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    expect(application.application_no).toMatch(/^FHC-\d{4}-\d{6}$/);
    expect(bill.total_cents).toBe(quote.json().total_cents);

    const detail = await payApplicationBill(t, citizen, {
      billNo: bill.bill_no,
      applicationNo: application.application_no,
    });
    expect(detail.document?.print_url).toContain('/downloads/health-certificate?id=');

    const link = new URL(detail.document!.print_url).searchParams;
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/documents/${link.get('id')}?key=${link.get('key')}` })
    ).json();
    expect(view).toMatchObject({ title: 'Food handler certificate', state: 'valid' });
    expect(view.body.join(' ')).toContain('the food handlers of Mama Oliech Restaurant named in application');
    // Its facts and table, filled in from the application's answers and its bill.
    expect(view.facts.slice(0, 4)).toEqual([
      { label: 'Certificate number', value: view.number },
      { label: 'Premises', value: 'Mama Oliech Restaurant' },
      // A list's choice by its name, as it was when the application was submitted.
      { label: 'Sub-county', value: 'Westlands (274)' },
      { label: 'Fee paid', value: 'KES 2,000.00' },
    ]);
    expect(view.tables).toEqual([
      {
        title: 'Food handlers examined',
        columns: [
          { label: 'Full name', money: false },
          { label: 'ID number', money: false },
        ],
        rows: handlers.map((h) => [h.full_name, h.id_number]),
      },
    ]);
    const days = (Date.parse(view.valid_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    const pdf = await t.app.inject({ method: 'GET', url: pathAndQuery(detail.document!.pdf_url) });
    expect(await qpdfCheck(pdf.rawPayload)).toContain('No syntax or stream encoding errors found');
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages[0]).toContain('FOOD HANDLER CERTIFICATE');
    expect(read.pages[0]).toContain('Baraka Mwangi 2874410');
    const qr = await read.decodeQr(1);
    expect(qr).toBe(detail.document!.url);
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/verify?code=${encodeURIComponent(new URL(qr!).searchParams.get('code')!)}`,
    });
    expect(verified.json()).toMatchObject({ status: 'valid' });
  });
});
