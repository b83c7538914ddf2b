import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/core/audit/schema';
import { latestCode, randomIp, signupInput } from '../support/accounts';
import { createEngine, type Engine } from '../support/engine';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * What the citizen is told and charged at each step of an application (issue 36): an SMS when
 * their payment is received, when it is approved and when its document is issued, whoever
 * moved it (item 25); an answer to a request for more information is priced as a submission is,
 * and what it adds is paid before the application is approved (item 1); whoever asks for or pays
 * a bill on another account finds and prints it, the owner's name masked (items 18 and 21).
 */
let t: TestApp;
let close: () => Promise<void>;
let engine: Engine;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`citizen-steps-secret-${randomUUID()}`));
  engine = await createEngine(t);
});
afterAll(async () => close());

const submit = (user: TestUser, serviceId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/services/${serviceId}/applications`,
    headers: user.headers,
    payload,
  });

async function texts(user: TestUser, about: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${user.phoneNumber}` });
  return (res.json().data as { message: string }[]).map((m) => m.message).filter((m) => m.includes(about));
}

/** Waits until the citizen has `count` texts about `about` (SMS are sent after the commit). */
async function waitForTexts(user: TestUser, about: string, count: number): Promise<string[]> {
  let found: string[] = [];
  for (let i = 0; i < 200 && found.length < count; i++) {
    found = await texts(user, about);
    if (found.length < count) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return found;
}

const reservation = {
  accept_terms: true,
  organisation_name: 'Savannah Fresh Foods Limited',
  kra_pin: 'P051365947M',
  contact_phone: '0712345678',
  road_code: 'KIM',
  building_code: 'KIM-01',
  bays: 1,
  period_type: 'daily',
  days: 1,
  purpose: 'Delivery vans of the head office',
  vehicles: [{ plate: 'KCB 456B' }],
};

describe('SMS at each step the citizen cares about (item 25)', () => {
  it('an instant service paid: payment received and the document issued at once, with its link', async () => {
    const motorist = await createSignedInUser(t);
    const answer = await submit(motorist, 'seasonal-parking', {
      zone_code: 'Z1',
      period: 'monthly',
      vehicles: [{ plate: 'KDA 124A', vehicle_type: 'saloon' }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    const no = application.application_no as string;
    const paid = await payApplicationBill(t, motorist, { billNo: bill.bill_no, applicationNo: no });
    const sent = await waitForTexts(motorist, no, 1);
    expect(sent).toEqual([
      `County e-services: payment received for application ${no}. Your document has been issued. Print it at ${paid.document!.print_url}`,
    ]);
  });

  it('a reviewed service: payment received, then approved (which issues it): one text for each step', async () => {
    const motorist = await createSignedInUser(t);
    const answer = await submit(motorist, 'reserved-parking', reservation);
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    const no = application.application_no as string;
    await payApplicationBill(t, motorist, { billNo: bill.bill_no, applicationNo: no }, 'under_review');
    expect(await waitForTexts(motorist, no, 1)).toEqual([
      `County e-services: payment received for application ${no}. It is now with the county for review.`,
    ]);

    const approver = await createOfficer(t, ['approver'], ['parking']);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${no}/status`,
      headers: approver.headers,
      payload: { status: 'approved', reason: 'Bays marked' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('issued');
    const sent = await waitForTexts(motorist, no, 2);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(
      `County e-services: your document for application ${no} has been issued. Print it at ${approved.json().document.print_url}`,
    );
  });
});

describe("status SMS in the account holder's language (item 25)", () => {
  const seasonal = (plate: string) => ({
    zone_code: 'Z1',
    period: 'monthly',
    vehicles: [{ plate, vehicle_type: 'saloon' }],
  });

  it('an account signed up on the Kiswahili page is told in Kiswahili', async () => {
    const ip = randomIp();
    const input = signupInput();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: ip,
      headers: { 'accept-language': 'sw' },
      payload: { ...input },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const phone = signup.json().mobile_number as string;
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      remoteAddress: ip,
      headers: { authorization: `Bearer ${signup.json().token}` },
      payload: { otp: await latestCode(t, phone) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.language).toBe('sw');
    const token = verified.json().token as string;
    const motorist: TestUser = {
      id: verified.json().data.id,
      phoneNumber: phone,
      identifier: input.identifier,
      token,
      headers: { authorization: `Bearer ${token}` },
    };

    const answer = await submit(motorist, 'seasonal-parking', seasonal('KDA 311S'));
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    const no = application.application_no as string;
    const paid = await payApplicationBill(t, motorist, { billNo: bill.bill_no, applicationNo: no });
    expect(await waitForTexts(motorist, no, 1)).toEqual([
      `Huduma za kaunti: malipo ya ombi ${no} yamepokelewa. Hati yako imetolewa. Ichapishe kwa ${paid.document!.print_url}`,
    ]);
  });

  it('a signed-in user who switches to Kiswahili is told in Kiswahili from then on (the switch audited)', async () => {
    const motorist = await createSignedInUser(t);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile', headers: motorist.headers });
    expect(profile.json().data.language).toBe('en');
    const switched = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/language',
      headers: motorist.headers,
      payload: { language: 'sw' },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({ language: 'sw' });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, motorist.id), eq(auditLog.action, 'user.language_changed')));
    expect(audited).toMatchObject([{ fromState: 'en', toState: 'sw' }]);

    const answer = await submit(motorist, 'reserved-parking', { ...reservation, kra_pin: 'P051365950Q' });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    const no = application.application_no as string;
    await payApplicationBill(t, motorist, { billNo: bill.bill_no, applicationNo: no }, 'under_review');
    expect(await waitForTexts(motorist, no, 1)).toEqual([
      `Huduma za kaunti: malipo ya ombi ${no} yamepokelewa. Sasa linakaguliwa na kaunti.`,
    ]);
  });
});

describe('an answer to "needs more information" is priced as a submission (item 1)', () => {
  const ask = (officer: TestUser, no: string, status: string, reason = 'Please confirm the bays') =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${no}/status`,
      headers: officer.headers,
      payload: { status, reason },
    });
  const answer = (user: TestUser, no: string, values: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/applications/${no}/answer`,
      headers: user.headers,
      payload: { values, message: 'Corrected' },
    });
  const staffView = async (officer: TestUser, no: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/staff/applications/${no}`, headers: officer.headers })
    ).json();

  /** A reserved parking application of `bays` × `days`, paid by M-Pesa: under review. */
  async function paidReservation(user: TestUser, kraPin: string, bays: number, days: number) {
    const submitted = await submit(user, 'reserved-parking', { ...reservation, kra_pin: kraPin, bays, days });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    const no = application.application_no as string;
    await payApplicationBill(t, user, { billNo: bill.bill_no, applicationNo: no }, 'under_review');
    return { no, paid: bill.total_cents as number };
  }

  it('1 bay for 1 day answered as 20 bays for a year: a bill of the difference, and no approval until it is paid', async () => {
    const motorist = await createSignedInUser(t);
    const reviewer = await createOfficer(t, ['reviewer'], ['parking']);
    const approver = await createOfficer(t, ['approver'], ['parking']);
    const { no, paid } = await paidReservation(motorist, 'P051365948N', 1, 1);
    expect(paid).toBe(150_000); // KES 1,500

    expect((await ask(reviewer, no, 'needs_info')).statusCode).toBe(200);
    const answered = await answer(motorist, no, { bays: 20, period_type: 'yearly' });
    expect(answered.statusCode, answered.body).toBe(200);
    const detail = answered.json();
    // KES 275,000 a bay a year × 20 = KES 5,500,000, less the KES 1,500 paid.
    expect(detail.status).toBe('awaiting_payment');
    expect(detail.fee_cents).toBe(550_000_000);
    expect(detail.bill).toMatchObject({
      total_cents: 549_850_000,
      balance_cents: 549_850_000,
      status: 'unpaid',
    });
    expect(detail.bill_no).toBe(detail.bill.bill_no);

    // The officer sees the price of the answers beside what was paid, and cannot approve it.
    expect((await staffView(approver, no)).money).toEqual({
      price_cents: 550_000_000,
      paid_cents: 150_000,
      balance_due_cents: 549_850_000,
      refund_due_cents: 0,
    });
    const refused = await ask(approver, no, 'approved');
    expect(refused.statusCode).toBe(409);
    expect((await staffView(approver, no)).status).toBe('awaiting_payment');

    // Paid (at the bank, in full): back to review, and then it is approved and issued.
    await t.database.db.transaction(async (tx) => {
      const credited = await engine.bills.applyPayment(tx, {
        billNo: detail.bill.bill_no,
        amountCents: 549_850_000,
        actor: { type: 'mpesa' },
        reference: `QK${randomUUID().slice(0, 8).toUpperCase()}`,
      });
      expect(credited.becamePaid).toBe(true);
      await engine.applications.onBillPaid(tx, detail.bill.bill_no);
    });
    expect((await staffView(approver, no)).money).toMatchObject({
      paid_cents: 550_000_000,
      balance_due_cents: 0,
    });
    const approved = await ask(approver, no, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('issued');
  });

  it('an answer that lowers the price records the difference for a refund, and goes back to review', async () => {
    const motorist = await createSignedInUser(t);
    const reviewer = await createOfficer(t, ['reviewer'], ['parking']);
    const { no, paid } = await paidReservation(motorist, 'P051365949P', 3, 10);
    expect(paid).toBe(4_500_000); // 3 bays × 10 days × KES 1,500

    expect((await ask(reviewer, no, 'needs_info')).statusCode).toBe(200);
    const answered = await answer(motorist, no, { bays: 1 });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'under_review', fee_cents: 1_500_000 });
    expect((await staffView(reviewer, no)).money).toEqual({
      price_cents: 1_500_000,
      paid_cents: 4_500_000,
      balance_due_cents: 0,
      refund_due_cents: 3_000_000,
    });
  });
});

describe('a bill on another account: its invoice and receipt for whoever asked or paid (items 18 and 21)', () => {
  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
  const local = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  /** `/downloads/Invoice?id=…&key=…` → the model its page draws. */
  const modelOf = (printUrl: string) => {
    const url = new URL(printUrl);
    return `/api/bill-documents/${url.searchParams.get('id')}?key=${url.searchParams.get('key')}`;
  };

  it('the demo invoice and receipt are listed with their printable page and PDF, like every other printable', async () => {
    const samples = (await get(null, '/api/verify/samples')).json();
    for (const kind of ['invoice', 'receipt']) {
      const sample = samples.documents.find(
        (d: { kind: string; status: string }) => d.kind === kind && d.status === 'valid',
      );
      expect(sample.print_url, kind).toMatch(/\/downloads\/Invoice\?id=.+&key=.+/);
      const model = await get(null, modelOf(sample.print_url));
      expect(model.statusCode, model.body).toBe(200);
      expect(model.json()).toMatchObject({
        isReceipt: kind === 'receipt',
        verifyShortCode: sample.short_code,
      });
      const pdf = await get(null, local(sample.pdf_url));
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    }
  });

  it("whoever asks for a parcel's rates bill prints its invoice to pay at a bank, the owner's name masked", async () => {
    const relative = await createSignedInUser(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/lands/rates/current-bill',
      headers: relative.headers,
      payload: { lr_number: '209/10002' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const bill = asked.json();
    const invoice = await get(null, modelOf(bill.invoice_url));
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({ isReceipt: false, billNo: bill.bill_no, customerNo: '' });
    expect(invoice.json().customerName).toBe(bill.customer_name);
    expect(invoice.json().customerName).toContain('*');
  });

  it('the payer of a bill on another account finds its receipt: M-Pesa receipt number on it, owner masked', async () => {
    const relative = await createSignedInUser(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/lands/rates/current-bill',
      headers: relative.headers,
      payload: { lr_number: '209/10001' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const bill = asked.json();
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/stk-push',
      headers: { ...relative.headers, 'idempotency-key': randomUUID() },
      payload: { bill_no: bill.bill_no, phone_number: '0713000255' },
    });
    expect(push.statusCode, push.body).toBe(200);
    let payment: { status: string; bill_status: string; mpesa_receipt_number: string | null } | undefined;
    for (let i = 0; i < 200 && !(payment?.status === 'paid' && payment.mpesa_receipt_number); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      payment = (await get(relative, '/api/payments')).json().data[0];
    }
    // Transaction history: paid, the bill paid (the web links its receipt).
    expect(payment).toMatchObject({ status: 'paid', bill_status: 'paid' });
    const receipt = await get(relative, `/api/bills/${bill.bill_no}/receipt`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({
      isReceipt: true,
      mpesaReceipts: [payment!.mpesa_receipt_number],
      customerName: bill.customer_name,
      customerNo: '',
    });
    expect(receipt.json().customerName).toContain('*');
  });

  it('whoever asked for a bill on another account finds it afterwards, and nobody else does', async () => {
    const relative = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/lands/rates/current-bill',
      headers: relative.headers,
      payload: { lr_number: '209/10003' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const billNo = asked.json().bill_no as string;
    // Asked for on the Kiswahili setting, its lines read in Kiswahili (issue 36 item 23).
    const askedSw = await t.app.inject({
      method: 'POST',
      url: '/api/lands/rates/current-bill',
      headers: { ...relative.headers, 'accept-language': 'sw' },
      payload: { lr_number: '209/10003' },
    });
    expect(askedSw.json().bill_no).toBe(billNo);
    expect(askedSw.json().lines[0].Description).toMatch(/^Kodi ya ardhi \d{4} \(.+ ya thamani ya kiwanja\)$/);
    expect(asked.json().lines[0].Description).toMatch(/^Land rates \d{4} \(.+ of site value\)$/);

    // "My bills": the relative's own list stays theirs; the bill is under "bills you asked for".
    expect((await get(relative, '/api/bills')).json().data).toEqual([]);
    const listed = await get(relative, '/api/bills/asked');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toMatchObject([
      {
        bill_no: billNo,
        status: 'unpaid',
        description: expect.stringContaining('209/10003'),
        customer_name: 'O***** O*******',
        balance_cents: asked.json().balance_cents,
      },
    ]);
    expect(listed.json().data[0].lines.length).toBeGreaterThan(0);
    // The bill itself opens for them (/payment, the payment's outcome), masked as when asked.
    const one = await get(relative, `/api/bills/${billNo}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().customer_name).toBe('O***** O*******');
    // Its invoice prints for them, masked, to pay at a bank.
    const invoice = await get(relative, `/api/bills/${billNo}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({ billNo, customerName: 'O***** O*******', customerNo: '' });

    // Someone who did not ask sees nothing of it: not listed, not opened, not printed.
    expect((await get(stranger, '/api/bills/asked')).json().data).toEqual([]);
    expect((await get(stranger, `/api/bills/${billNo}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/bills/${billNo}/invoice`)).statusCode).toBe(404);

    // Asking again keeps one entry, and the first request is audited.
    await t.app.inject({
      method: 'POST',
      url: '/api/lands/rates/current-bill',
      headers: relative.headers,
      payload: { lr_number: '209/10003' },
    });
    expect((await get(relative, '/api/bills/asked')).json().data).toHaveLength(1);
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, billNo), eq(auditLog.action, 'asked_for')));
    expect(audited).toMatchObject([{ actorId: relative.id, toState: 'asked' }]);
  });
});
