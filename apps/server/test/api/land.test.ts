import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillService } from '../../src/core/bills/bill-service';
import { kenyaToday } from '../../src/core/bills/kenya-date';
import { bills as billsTable } from '../../src/core/bills/schema';
import { billNoPrefixOf } from '../../src/core/county/seed';
import { uploadId } from '../support/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t);
  bob = await createSignedInUser(t);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

/** Every land endpoint: the spec's section 7 table, the current bill, and three helpers. */
const ENDPOINTS: [Method, string][] = [
  ['POST', '/api/lands/application/add_lr_application'],
  ['POST', '/api/lands/land_r/LinkLandParceltoCustomer'],
  ['GET', '/api/globalms/ground_rent/service_type'],
  ['GET', '/api/globalms/ground_rent/zone?ward_code=1366&sub_county_code=275'],
  ['GET', '/api/lands/land_r/services'],
  ['GET', '/api/lands/land_survey/Getlandsurveyservicetypes?land_service_code='],
  ['POST', '/api/lands/land_survey/Applylandsurveyapplication'],
  ['POST', '/api/lands/land_clearence/Applylandclearanceapplication'],
  ['POST', '/api/globalms/ground_rent/application'],
  ['POST', '/api/lands/rate_search/application'],
  ['POST', '/api/lands/land_utils/get_land_uses'],
  ['GET', '/api/lands/application/GetAddLRReasonforapplication'],
  ['POST', '/api/lands/rates/current-bill'],
  ['GET', '/api/lands/land_r/customer_parcels'],
  ['GET', '/api/lands/parcel_validation?lr_number=209/10001'],
  ['GET', '/api/lands/consultants'],
];

async function transferPayload(
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const ids = await Promise.all(
    [
      'idCard',
      'passportPhoto',
      'passportPhoto2',
      'kraPinCert',
      'proofOfOwnership',
      'lrAppReceipt',
      'landSearch',
    ].map(async (name) => [name, await uploadId(t, user.headers, `${name}.png`)] as const),
  );
  return {
    lr_number: '209/10001',
    current_land_use_code: 'RES',
    sub_county_code: '275',
    ward_code: '1366',
    square_feet: 10890,
    reason_for_application: 'SALE',
    ...Object.fromEntries(ids),
    ...overrides,
  };
}

describe('every land endpoint needs a signed-in user', () => {
  it.each(ENDPOINTS)('%s %s → 401 without a token', async (method, url) => {
    const res = await call(
      method,
      url,
      undefined,
      method === 'POST' ? { lr_number: '209/10001' } : undefined,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please login to continue', code: 'unauthorized' });
  });
});

describe('reference data', () => {
  it('land uses: all with land_use_code sent empty, one with a code', async () => {
    const all = await call('POST', '/api/lands/land_utils/get_land_uses', alice, { land_use_code: '' });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toContainEqual({ land_use_code: 'RES', description: 'Residential' });
    expect(all.json().data.length).toBeGreaterThanOrEqual(6);
    const one = await call('POST', '/api/lands/land_utils/get_land_uses', alice, { land_use_code: 'com' });
    expect(one.json().data).toEqual([{ land_use_code: 'COM', description: 'Commercial' }]);
  });

  it('reasons for an application', async () => {
    const res = await call('GET', '/api/lands/application/GetAddLRReasonforapplication', alice);
    expect(res.json().data).toContainEqual({
      reason_code: 'SUCC',
      description: 'Succession (inheritance after death)',
    });
  });

  it('ground rent service types and the zones of a ward', async () => {
    const types = await call('GET', '/api/globalms/ground_rent/service_type', alice);
    expect(types.json().data.map((x: { name: string }) => x.name)).toEqual(['Ground Rent', 'Stand Premium']);
    const zones = await call(
      'GET',
      '/api/globalms/ground_rent/zone?ward_code=1366&sub_county_code=275',
      alice,
    );
    expect(zones.json().data).toEqual([
      expect.objectContaining({ zone_code: 'GRZ-1366-A', ward_code: '1366', ground_rent_cents: 1_200_000 }),
      expect.objectContaining({ zone_code: 'GRZ-1366-B', ward_code: '1366', ground_rent_cents: 800_000 }),
    ]);
    const none = await call('GET', '/api/globalms/ground_rent/zone?ward_code=9999', alice);
    expect(none.json().data).toEqual([]);
  });

  it('land services, survey service types (land_service_code sent empty) and consultants', async () => {
    const services = await call('GET', '/api/lands/land_r/services', alice);
    expect(services.json().data.map((s: { land_service_code: string }) => s.land_service_code)).toContain(
      'SRV',
    );
    const types = await call(
      'GET',
      '/api/lands/land_survey/Getlandsurveyservicetypes?land_service_code=',
      alice,
    );
    expect(types.json().data).toContainEqual(
      expect.objectContaining({
        service_type_code: 'SV-BRE',
        name: 'Boundary re-establishment',
        fee_cents: 1_000_000,
      }),
    );
    const srv = await call(
      'GET',
      '/api/lands/land_survey/Getlandsurveyservicetypes?land_service_code=PLN',
      alice,
    );
    expect(srv.json().data.every((x: { land_service_code: string }) => x.land_service_code === 'PLN')).toBe(
      true,
    );
    const surveyors = await call('GET', '/api/lands/consultants?profession=surveyor', alice);
    expect(surveyors.json().data[0]).toMatchObject({
      profession: 'surveyor',
      licence_no: expect.stringMatching(/^LS\//),
    });
  });
});

describe('POST /api/lands/application/add_lr_application (land transfer)', () => {
  it("refuses an empty form with the spec's messages, word for word", async () => {
    const res = await call('POST', '/api/lands/application/add_lr_application', alice, {});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    // The first problem in the order of the form (Personal Details comes before Land Details).
    expect(body.message).toBe('Please upload copy of your ID card');
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'lr_number', message: 'Please enter your land / parcel number' },
        { path: 'idCard', message: 'Please upload copy of your ID card' },
        { path: 'passportPhoto', message: 'Please add passport photo' },
        { path: 'passportPhoto2', message: 'Please add passport photo' },
        { path: 'kraPinCert', message: 'Please upload KRA PIN certificate' },
        { path: 'proofOfOwnership', message: 'Please add proof of ownership e.g title deed document' },
        { path: 'lrAppReceipt', message: 'Please upload copy of your Transfer Application Payment Receipt' },
        { path: 'landSearch', message: 'Please upload copy of land search' },
      ]),
    );
  });

  it('names the one missing upload', async () => {
    const payload = await transferPayload(alice, { landSearch: '' });
    const res = await call('POST', '/api/lands/application/add_lr_application', alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload copy of land search');
    expect(res.json().details).toEqual([
      { path: 'landSearch', message: 'Please upload copy of land search' },
    ]);
  });

  it('submits a complete application: "LR application submitted successfully"', async () => {
    const payload = await transferPayload(alice);
    const res = await call('POST', '/api/lands/application/add_lr_application', alice, payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'LR application submitted successfully',
      bill: null,
      application: {
        service_id: 'land-transfer',
        status: 'under_review',
        reference: '209/10001',
        fee_cents: 0,
        produces: 'land-transfer-approval',
      },
    });
    expect(body.application.application_no).toMatch(/^LND-\d{4}-\d{6}$/);
    expect(body.application.values.idCard).toBe(payload.idCard);

    // Another user's application is refused as if it did not exist.
    const mine = await call('GET', `/api/applications/${body.application.application_no}`, alice);
    expect(mine.statusCode).toBe(200);
    const theirs = await call('GET', `/api/applications/${body.application.application_no}`, bob);
    expect(theirs.statusCode).toBe(404);
    const cancel = await call('POST', `/api/applications/${body.application.application_no}/cancel`, bob, {});
    expect(cancel.statusCode).toBe(404);
  });

  it("refuses another user's uploads and an unknown parcel", async () => {
    const bobsId = await uploadId(t, bob.headers);
    const payload = await transferPayload(alice, { idCard: bobsId, lr_number: '209/99999' });
    const res = await call('POST', '/api/lands/application/add_lr_application', alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'idCard', message: 'This upload was not found. Please upload the file again.' },
    ]);
    const unknown = await call(
      'POST',
      '/api/lands/application/add_lr_application',
      alice,
      await transferPayload(alice, { lr_number: '209/99999' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
    );
  });
});

describe('the other land applications raise their fee as a bill', () => {
  it('ground rent: the zone and service type set the amount', async () => {
    const res = await call('POST', '/api/globalms/ground_rent/application', alice, {
      service_type_code: 'GR',
      lr_number: '209/10005',
      sub_county_code: '285',
      ward_code: '1419',
      zone_code: 'GRZ-1419-B',
      allotmentLetter: await uploadId(t, alice.headers),
      idCard: await uploadId(t, alice.headers),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.application.status).toBe('awaiting_payment');
    expect(body.bill).toMatchObject({ status: 'unpaid', total_cents: 400_000, balance_cents: 400_000 });
    expect(body.bill.lines).toEqual([
      {
        Amount: '4000.00',
        amount_cents: 400_000,
        Description: expect.stringMatching(/^Ground rent: Utawala zone B/),
        Parcel: '209/10005',
        // The tariff item it was priced by: zone and service type.
        code: 'GRZ-1419-B:GR',
        quantity: 1,
      },
    ]);
    expect(body.application.bill_no).toBe(body.bill.bill_no);
  });

  it('ground rent refuses a zone of another ward', async () => {
    const res = await call('POST', '/api/globalms/ground_rent/application', alice, {
      service_type_code: 'SP',
      lr_number: '209/10005',
      sub_county_code: '285',
      ward_code: '1419',
      zone_code: 'GRZ-1366-A',
      allotmentLetter: await uploadId(t, alice.headers),
      idCard: await uploadId(t, alice.headers),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'zone_code', message: 'Please select a zone of the chosen ward' },
    ]);
  });

  it('land survey: the survey type sets the fee', async () => {
    const res = await call('POST', '/api/lands/land_survey/Applylandsurveyapplication', alice, {
      lr_number: '209/10013',
      sub_county_code: '274',
      ward_code: '1361',
      survey_type_code: 'SV-BRE',
      surveyor_code: 'LS-0432',
      purpose: 'A neighbour moved the fence; the beacons need re-establishing.',
      proofOfOwnership: await uploadId(t, alice.headers),
      idCard: await uploadId(t, alice.headers),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bill.total_cents).toBe(1_000_000);
    expect(res.json().message).toBe('Land survey application submitted successfully');
  });

  it('land survey: a missing purpose gets its own message', async () => {
    const res = await call('POST', '/api/lands/land_survey/Applylandsurveyapplication', alice, {
      lr_number: '209/10013',
      sub_county_code: '274',
      ward_code: '1361',
      survey_type_code: 'SV-BRE',
      proofOfOwnership: await uploadId(t, alice.headers),
      idCard: await uploadId(t, alice.headers),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'purpose', message: 'Please tell us what the survey is for' },
    ]);
  });

  it('land clearance: the fixed fee', async () => {
    const res = await call('POST', '/api/lands/land_clearence/Applylandclearanceapplication', alice, {
      lr_number: 'Nairobi/Block 72/1234',
      current_land_use_code: 'RES',
      sub_county_code: '280',
      ward_code: '1393',
      clearance_purpose: 'transfer',
      proofOfOwnership: await uploadId(t, alice.headers),
      idCard: await uploadId(t, alice.headers),
      kraPinCert: await uploadId(t, alice.headers),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bill.lines[0]).toMatchObject({
      Amount: '2000.00',
      Description: 'Rates clearance certificate fee',
      Parcel: 'Nairobi/Block 72/1234',
    });
  });

  it('rates search: the search fee, and validation', async () => {
    const bad = await call('POST', '/api/lands/rate_search/application', alice, { lr_number: '209/10004' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'search_purpose', message: 'Please select why you are searching' },
    ]);
    const res = await call('POST', '/api/lands/rate_search/application', alice, {
      lr_number: '209/10004',
      search_purpose: 'purchase',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bill.total_cents).toBe(100_000);
  });
});

describe('POST /api/lands/land_r/LinkLandParceltoCustomer (add land)', () => {
  // The registered owners of 209/10006 and 209/10007 (their ID number / KRA PIN in the register).
  let owner6: TestUser;
  let owner7: TestUser;
  beforeAll(async () => {
    owner6 = await createSignedInUser(t, { identifier: '30126554' });
    owner7 = await createSignedInUser(t, { identifier: 'P052178334K', identifierType: 'pin_no' });
  });

  it('links a parcel: a success flag in the data', async () => {
    const res = await call('POST', '/api/lands/land_r/LinkLandParceltoCustomer', owner6, {
      lr_number: '209/10006',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Parcel 209/10006 has been added to your account.',
      parcel: {
        lr_number: '209/10006',
        ward_name: 'Mwiki',
        linked_to_me: true,
        owner_name: expect.stringContaining('*'),
      },
    });
    const mine = await call('GET', '/api/lands/land_r/customer_parcels', owner6);
    expect(mine.json().data.map((p: { lr_number: string }) => p.lr_number)).toEqual(['209/10006']);
  });

  it('gives each refusal its own clear message', async () => {
    await call('POST', '/api/lands/land_r/LinkLandParceltoCustomer', owner7, { lr_number: '209/10007' });
    const again = await call('POST', '/api/lands/land_r/LinkLandParceltoCustomer', owner7, {
      lr_number: ' 209 / 10007 ',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Parcel 209/10007 is already linked to your account.',
      code: 'already_yours',
    });

    const unknown = await call('POST', '/api/lands/land_r/LinkLandParceltoCustomer', bob, {
      lr_number: '209/55555',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'We could not find a parcel with LR number 209/55555. Please check the number on your title deed.',
    );

    const empty = await call('POST', '/api/lands/land_r/LinkLandParceltoCustomer', bob, { lr_number: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { path: 'lr_number', message: 'Please enter your land / parcel number' },
    ]);
  });
});

describe('POST /api/lands/rates/current-bill', () => {
  it("bills this year's rates, the arrears and the penalty of a demo parcel, in exact cents", async () => {
    const res = await call('POST', '/api/lands/rates/current-bill', alice, { lr_number: '209/10001' });
    expect(res.statusCode).toBe(200);
    const bill = res.json();
    const { year, month } = kenyaToday();
    // 209/10001: residential (0.115% a year), site value KES 28,500,000, arrears KES 42,350,
    // penalty 1% of the arrears for each full month since 1 January.
    const rates = 3_277_500;
    const arrears = 4_235_000;
    const penalty = 42_350 * (month - 1);
    const expected = [
      { Amount: '32775.00', amount_cents: rates, Description: `Land rates ${year} (0.115% of site value)` },
      { Amount: '42350.00', amount_cents: arrears, Description: `Land rates arrears before ${year}` },
      ...(month > 1
        ? [
            {
              amount_cents: penalty,
              Description: `Penalty on arrears: ${month - 1} month${month === 2 ? '' : 's'} at 1% a month`,
            },
          ]
        : []),
    ];
    expect(bill.lines).toEqual(
      expected.map((line) => expect.objectContaining({ ...line, Parcel: '209/10001' })),
    );
    expect(bill.total_cents).toBe(rates + arrears + penalty);
    expect(bill).toMatchObject({
      status: 'unpaid',
      service_id: 'land-rates-bill',
      due_date: `${year}-12-31`,
    });
    expect(bill.bill_no).toMatch(/^NCCB\d{8}$/);

    // Asking again (typed differently, or someone else) answers the same open bill, not a second one.
    const again = await call('POST', '/api/lands/rates/current-bill', alice, { lr_number: ' 209/10001' });
    expect(again.json().bill_no).toBe(bill.bill_no);
    const other = await call('POST', '/api/lands/rates/current-bill', bob, { lr_number: '209/10001' });
    expect(other.json().bill_no).toBe(bill.bill_no);

    // It is addressed to the rated owner (the demo account Wanjiku Njeri Kamau), masked for
    // others, and sits on her obligations, not on the requesters': they find it as a bill they
    // asked for (issue 36 item 21), masked, never in their own bills.
    expect(bill.customer_name).toBe('W****** N**** K****');
    for (const who of [alice, bob]) {
      const own = (await call('GET', '/api/bills', who)).json().data as { bill_no: string }[];
      expect(own.map((b) => b.bill_no)).not.toContain(bill.bill_no);
      const asked = await call('GET', `/api/bills/${bill.bill_no}`, who);
      expect(asked.statusCode).toBe(200);
      expect(asked.json().customer_name).toBe('W****** N**** K****');
    }
  });

  it("once the year's rates bill is paid, the parcel is not billed again, for anyone", async () => {
    const first = await call('POST', '/api/lands/rates/current-bill', alice, { lr_number: '209/10004' });
    expect(first.statusCode).toBe(200);
    const bill = first.json();
    const bills = createBillService({ db: t.database.db, prefix: billNoPrefixOf(t.config) });
    await t.database.db.transaction((tx) =>
      bills.applyPayment(tx, {
        billNo: bill.bill_no,
        amountCents: bill.total_cents,
        actor: { type: 'mpesa' },
        reference: 'QKH94M1Z11',
      }),
    );
    const { year } = kenyaToday();
    for (const who of [alice, bob]) {
      const again = await call('POST', '/api/lands/rates/current-bill', who, { lr_number: '209/10004' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `The land rates of parcel 209/10004 for ${year} are fully paid. There is nothing more to pay this year.`,
      );
      expect(again.json().code).toBe('already_paid');
    }
    const paid = await t.database.db.select().from(billsTable).where(eq(billsTable.billNo, bill.bill_no));
    expect(paid.map((b) => b.status)).toEqual(['paid']);
  });

  it('finds other LR formats, ignoring case and spaces', async () => {
    const res = await call('POST', '/api/lands/rates/current-bill', bob, {
      lr_number: 'nairobi/block 110/567',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0].Parcel).toBe('Nairobi/Block 110/567');
  });

  it('answers 404 with a clear message for an unknown parcel, 400 for none', async () => {
    const res = await call('POST', '/api/lands/rates/current-bill', alice, { lr_number: '209/77777' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'We could not find a parcel with LR number 209/77777. Please check the number on your title deed.',
    );
    const none = await call('POST', '/api/lands/rates/current-bill', alice, {});
    expect(none.statusCode).toBe(400);
  });

  it('validates a parcel for the wizard (owner masked)', async () => {
    const res = await call('GET', '/api/lands/parcel_validation?lr_number=209/10003', bob);
    expect(res.json()).toMatchObject({
      lr_number: '209/10003',
      land_use: 'Residential',
      sub_county_name: "Lang'ata",
      ward_name: 'Karen',
      annual_rates_cents: 7_130_000,
      arrears_cents: 7_130_000,
    });
    expect(res.json().owner_name).not.toContain('Otieno Odhiambo');
  });
});

describe('OpenAPI', () => {
  it('documents every land route with its tag, request and response schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [method, url] of ENDPOINTS) {
      const path = url.split('?')[0]!;
      const operation = doc.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['land']);
      expect(operation.responses['200'] ?? operation.responses['201']).toBeDefined();
    }
    const transfer = doc.paths['/api/lands/application/add_lr_application'].post;
    const schema = transfer.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['lr_number', 'idCard', 'landSearch']));
    expect(schema.properties.idCard).toMatchObject({ type: 'string', format: 'uuid' });
    for (const path of ['/api/applications', '/api/drafts/{id}', '/api/uploads', '/api/bills/{bill_no}']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
