import { randomUUID } from 'node:crypto';
import { addService } from '@kaunti/catalogue/catalogue';
import { defineService } from '@kaunti/catalogue/definition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertFeeSchedule } from '../../src/core/applications/fees';
import { pathAndQuery } from '../support/links';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import { qpdfCheck, readPdf } from '../support/pdf';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

/**
 * "A new service is one definition": a throw-away definition (with its own document template)
 * and its tariff row, and nothing else, is served end to end by the engine — listed, described,
 * quoted, submitted, billed, paid by M-Pesa, issued on payment, printed as a PDF and verified.
 */
const fixture = defineService({
  id: 'food-handler-fixture',
  route: '/food-handler-fixture',
  area: 'health',
  title: 'Food handler certificate (fixture)',
  description: 'Medical certificates for the food handlers of a premises.',
  menu: true,
  order: 1,
  application_prefix: 'FHC',
  reference_field: 'premises_name',
  steps: [
    {
      id: 'premises',
      title: 'Premises and handlers',
      fields: [
        {
          name: 'premises_name',
          kind: 'text',
          label: 'Premises name',
          required_message: 'Please enter the premises name',
          example: 'Mama Oliech Restaurant',
        },
        {
          name: 'sub_county_code',
          kind: 'select',
          label: 'Sub-county',
          options: { list: 'sub-counties' },
          required_message: 'Please select the sub-county',
          example: '274',
        },
        {
          name: 'handlers',
          kind: 'group',
          label: 'Food handlers',
          min: 1,
          max: 20,
          required_message: 'Please add at least one food handler',
          fields: [
            {
              name: 'full_name',
              kind: 'text',
              label: 'Full name',
              required_message: 'Please enter the full name',
              example: 'Akinyi Atieno',
            },
            {
              name: 'id_number',
              kind: 'text',
              label: 'ID number',
              required_message: 'Please enter the ID number',
              pattern: { regex: '\\d{7,8}', message: 'Please enter the ID number: 7 or 8 digits' },
              example: '30126554',
            },
          ],
        },
      ],
    },
  ],
  fee: {
    rule: 'per-unit',
    params: { schedule: 'fixture-health', item: 'food-handler', count_field: 'handlers', unit: 'handler' },
  },
  workflow: 'instant',
  produces: 'food-handler-certificate-fixture',
  document: {
    name: 'food-handler-certificate-fixture',
    title: 'Food handler certificate',
    description: 'Certifies that the food handlers of the premises were examined and found fit.',
    download_route: '/downloads/health-certificate',
    verifiable: true,
    register: 'certificate',
    body: [
      'This is to certify that the food handlers of {reference} named in application {application_no} have been medically examined by the {county} and found fit to handle food.',
    ],
    facts: [
      { label: 'Certificate number', field: 'number' },
      { label: 'Premises', field: 'premises_name' },
      { label: 'Sub-county', field: 'sub_county_code' },
      { label: 'Fee paid', field: 'fee' },
      { label: 'Valid until', field: 'valid_until' },
    ],
    tables: [
      {
        title: 'Food handlers examined',
        field: 'handlers',
        columns: [
          { label: 'Full name', key: 'full_name' },
          { label: 'ID number', key: 'id_number' },
        ],
      },
    ],
    conditions: ['This certificate must be displayed at the premises.'],
    validity_days: 365,
  },
  submit: { method: 'POST', success_message: 'Food handler application submitted' },
});

let t: TestApp;
let close: () => Promise<void>;
let removeFixture: () => void;
let citizen: TestUser;

beforeAll(async () => {
  removeFixture = addService(fixture);
  ({ t, close } = await createAppWithSimulator(`fixture-callback-secret-${randomUUID()}`));
  // Its tariff row, by the generic loader every county's fees go through.
  await upsertFeeSchedule(t.database.db, [
    {
      schedule: 'fixture-health',
      item: 'food-handler',
      description: 'Food handler medical certificate',
      amountCents: 100_000,
    },
  ]);
  citizen = await createSignedInUser(t, { firstName: 'Otieno', surName: 'Okoth' });
});
afterAll(async () => {
  await close();
  removeFixture();
});

describe('a new service from one definition', () => {
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
