// Payments end to end: the portal (listening on a real port) talks to the M-Pesa simulator
// (tools/mpesa-sim, started in-process) exactly as it talks to Safaricom, and the simulator calls
// the portal back. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (where the 50
// concurrent duplicate callbacks really race).
import { randomUUID } from 'node:crypto';
import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import type { Bill } from '@kaunti/contract/api-bills';
import type { Payment, StkPushResponse } from '@kaunti/contract/api-payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../tools/mpesa-sim/src/simulator';
import { auditLog } from '../../src/core/audit/schema';
import type { BillService } from '../../src/core/bills/bill-service';
import { createPaymentService, type PaymentService } from '../../src/core/payments/payment-service';
import { mpesaCallbacks, payments } from '../../src/core/payments/schema';
import { createDarajaClient } from '../../src/platform/mpesa/daraja-client';
import { createEngine } from '../support/engine';
import { freePort } from '../support/mpesa';
import { qpdfCheck, readPdf } from '../support/pdf';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

const credentials = {
  consumerKey: 'payments-test-key',
  consumerSecret: 'payments-test-secret',
  shortcode: '6060047',
  passkey: 'payments-test-passkey',
};
const SECRET = 'callback-secret-for-the-payments-tests-0123';

let sim: Simulator;
let t: TestApp;
let bills: BillService;
/** A second payment service on the same database, for calling reconcileOnce(now) directly. */
let service: PaymentService;

beforeAll(async () => {
  sim = createSimulator({ ...credentials, callbackDelayMs: 20, timeoutDelayMs: 150, duplicateGapMs: 20 });
  await sim.listen(0);
  const port = await freePort();
  t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: credentials.consumerKey,
    MPESA_CONSUMER_SECRET: credentials.consumerSecret,
    MPESA_SHORTCODE: credentials.shortcode,
    MPESA_PASSKEY: credentials.passkey,
    MPESA_CALLBACK_SECRET: SECRET,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const db = t.database.db;
  const engine = await createEngine(t);
  bills = engine.bills;
  service = createPaymentService({
    db,
    bills,
    applications: engine.applications,
    daraja: createDarajaClient({ ...credentials, baseUrl: sim.url }),
    publicUrl: t.config.publicUrl,
    callbackSecret: SECRET,
    log: { info() {}, warn() {}, error() {} },
    unknownCheckoutWaitMs: 50,
  });
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await t?.close();
});

// ---------------------------------------------------------------------------------------------

let phoneCounter = 0;
/** A fresh "success" phone (no magic ending), so that tests never share a phone's limits. */
function successPhone(): string {
  phoneCounter += 1;
  return `0713${String(phoneCounter).padStart(4, '0')}55`;
}

async function raiseBill(
  user: TestUser,
  lines: Array<[cents: number, description: string]>,
  serviceId?: string,
) {
  return t.database.db.transaction((tx) =>
    bills.raise(tx, {
      userId: user.id,
      description: 'Test bill',
      lines: lines.map(
        ([amount_cents, description]): FeeLine => ({ amount_cents, description, parcel: null }),
      ),
      ...(serviceId ? { serviceId } : {}),
      actor: { type: 'system' },
    }),
  );
}

function push(user: TestUser, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa/stk-push',
    headers: { ...user.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

async function getPayment(user: TestUser, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: user.headers });
}

async function getBill(user: TestUser, billNo: string): Promise<Bill> {
  return (await t.app.inject({ method: 'GET', url: `/api/bills/${billNo}`, headers: user.headers })).json();
}

/** Polls the payment until it leaves `pending` (or the time is up) and answers it. */
async function settled(user: TestUser, id: string, timeoutMs = 5000): Promise<Payment> {
  const start = Date.now();
  for (;;) {
    const payment: Payment = (await getPayment(user, id)).json();
    if (payment.status !== 'pending' || Date.now() - start > timeoutMs) return payment;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function paymentAudit(id: string) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
  return rows.map((r) => [r.action, r.fromState, r.toState]);
}

async function billAudit(billNo: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'bill'), eq(auditLog.entityId, billNo)))
    .orderBy(auditLog.id);
}

async function callbackLog(reference: string) {
  return t.database.db.select().from(mpesaCallbacks).where(eq(mpesaCallbacks.reference, reference));
}

function stkUrl(secret = SECRET) {
  return `/api/payments/callbacks/stk/${secret}`;
}

function paidCallback(checkoutRequestId: string, receipt: string, shillings: number) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: 'mr-test',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: shillings },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20250314101502 },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/payments/mpesa/stk-push → callback (simulator)', () => {
  it("sends the request's id on to M-Pesa: the STK push carries the x-request-id it was asked with", async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[50_000, 'Parking']]);
    const requestId = `req-${randomUUID()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/stk-push',
      headers: { ...alice.headers, 'idempotency-key': randomUUID(), 'x-request-id': requestId },
      payload: { bill_no: bill.bill_no, phone_number: successPhone() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(requestId);
    const sent = sim
      .history()
      .requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest' && r.requestId === requestId);
    expect(sent).toHaveLength(1);
    await settled(alice, res.json().payment_id);
  });

  it('pays a bill: the balance rounded up to a shilling, a receipt number, the bill paid, audit rows', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [
      [100_000, 'Land rates 2025'],
      [5_050, 'Penalty'],
    ]);
    const phone = successPhone();
    const res = await push(alice, { bill_no: bill.bill_no.toLowerCase(), phone_number: phone });
    expect(res.statusCode).toBe(200);
    const started: StkPushResponse = res.json();
    expect(started).toMatchObject({
      status: 'pending',
      bill_no: bill.bill_no,
      amount_cents: 105_100, // KES 1,050.50 → 1,051 whole shillings
      phone_number: `254${phone.slice(1)}`,
      message: 'Check your phone and enter your M-Pesa PIN to pay.',
    });
    expect(started.checkout_request_id).not.toBe('');

    // What Daraja (the simulator) received.
    const sent = sim
      .history()
      .requests.find(
        (r) =>
          r.path === '/mpesa/stkpush/v1/processrequest' &&
          (r.response as { CheckoutRequestID?: string })?.CheckoutRequestID === started.checkout_request_id,
      );
    expect(sent?.body).toMatchObject({
      Amount: 1051,
      AccountReference: bill.bill_no,
      PhoneNumber: `254${phone.slice(1)}`,
      TransactionType: 'CustomerPayBillOnline',
    });
    const callbackUrl = (sent?.body as { CallBackURL?: string } | undefined)?.CallBackURL ?? '';
    expect(callbackUrl).toBe(`${t.config.publicUrl}/api/payments/callbacks/stk/${SECRET}`);
    expect(callbackUrl).not.toMatch(/mpesa/i);

    const payment = await settled(alice, started.payment_id);
    expect(payment).toMatchObject({
      status: 'paid',
      amount_cents: 105_100,
      amount_paid_cents: 105_100,
      method: 'mpesa_stk',
      message: 'Payment received. Thank you.',
      result_code: 0,
      bill_status: 'paid',
    });
    expect(payment.mpesa_receipt_number).toMatch(/^[A-Z0-9]{10}$/);
    expect(payment.completed_at).not.toBeNull();

    const after = await getBill(alice, bill.bill_no);
    expect(after).toMatchObject({ status: 'paid', paid_cents: 105_050, balance_cents: 0, credit_cents: 50 });
    expect(await paymentAudit(started.payment_id)).toEqual([
      ['created', null, 'pending'],
      ['prompt_sent', 'pending', 'pending'],
      ['paid', 'pending', 'paid'],
    ]);
    const applied = (await billAudit(bill.bill_no)).filter((a) => a.action === 'payment_applied');
    expect(applied).toHaveLength(1);
    expect(applied[0]!.data).toMatchObject({
      reference: payment.mpesa_receipt_number,
      amount_cents: 105_100,
    });

    // The history lists it; another user cannot see it.
    const list = await t.app.inject({ method: 'GET', url: '/api/payments', headers: alice.headers });
    expect(list.json().data.map((p: Payment) => p.payment_id)).toContain(started.payment_id);
    const bob = await createSignedInUser(t);
    expect((await getPayment(bob, started.payment_id)).statusCode).toBe(404);
    expect((await getPayment(bob, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('pages the history: limit, then next_cursor until it is null, every payment once, newest first', async () => {
    const alice = await createSignedInUser(t);
    for (const cents of [10_000, 20_000, 30_000]) {
      const bill = await raiseBill(alice, [[cents, 'A charge']]);
      expect((await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() })).statusCode).toBe(
        200,
      );
    }
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/payments${query}`, headers: alice.headers });
    const all = (await list('')).json();
    expect(all.data).toHaveLength(3);
    expect(all.next_cursor).toBeNull();
    const first = (await list('?limit=2')).json();
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second.data).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const ids = (page: { data: Payment[] }) => page.data.map((p) => p.payment_id);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    const bad = await list('?cursor=not-ours');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'cursor', message: 'Not a cursor.' }]);
  });

  it('is idempotent: the same key and body answer the first answer; another body is a 409', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[300_000, 'Ground rent']]);
    const phone = successPhone();
    const key = randomUUID();
    const before = sim.history().requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest').length;

    const first = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 1000 }, key);
    expect(first.statusCode).toBe(200);
    // The same request again (phone typed another way: the same body once normalised).
    const again = await push(
      alice,
      { bill_no: bill.bill_no, phone_number: `254${phone.slice(1)}`, amount: 1000 },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const pushes = sim.history().requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest').length;
    expect(pushes - before).toBe(1);

    const other = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 999 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'idempotency_conflict',
      message: 'This Idempotency-Key was already used for a different payment request.',
    });

    // Another user may use the same key: keys are per user.
    const bob = await createSignedInUser(t);
    const bobBill = await raiseBill(bob, [[10_000, 'Permit']]);
    expect(
      (await push(bob, { bill_no: bobBill.bill_no, phone_number: successPhone() }, key)).statusCode,
    ).toBe(200);

    const missing = await push(alice, { bill_no: bill.bill_no, phone_number: phone }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('An Idempotency-Key header is required.');
    await settled(alice, first.json().payment_id);
  });

  it.each([
    ['cancelled (1032)', '254700001032', 'cancelled', 1032, 'You cancelled the M-Pesa prompt.'],
    [
      'insufficient funds (1)',
      '254700000001',
      'failed',
      1,
      'Your M-Pesa balance is not enough for this payment. Top up and try again.',
    ],
    [
      'phone unreachable (1037)',
      '254700001037',
      'failed',
      1037,
      'We could not reach your phone. Check that it is on and has network, then try again.',
    ],
  ])(
    '%s: the payment ends %s with the reason in plain words; the bill stays unpaid',
    async (_, phone, status, code, message) => {
      const alice = await createSignedInUser(t);
      const bill = await raiseBill(alice, [[50_000, 'Market stall']]);
      const res = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
      expect(res.statusCode).toBe(200);
      const payment = await settled(alice, res.json().payment_id);
      expect(payment).toMatchObject({
        status,
        result_code: code,
        message,
        mpesa_receipt_number: null,
        amount_paid_cents: null,
      });
      expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid', paid_cents: 0 });
      expect((await paymentAudit(payment.payment_id)).at(-1)).toEqual([status, 'pending', status]);
      // The prompt is over, so a new one may be sent at once.
      await fetch(`${sim.url}/__sim/next-outcome`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone, outcome: 'success' }),
      });
      const retry = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
      expect(retry.statusCode).toBe(200);
      expect((await settled(alice, retry.json().payment_id)).status).toBe('paid');
    },
  );

  it('a wrong PIN (2001) fails the payment with its meaning', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[20_000, 'Parking']]);
    const phone = successPhone();
    sim.nextOutcome({ phone, outcome: 'failed', resultCode: 2001 });
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
    const payment = await settled(alice, res.json().payment_id);
    expect(payment).toMatchObject({
      status: 'failed',
      result_code: 2001,
      message: 'The M-Pesa PIN was wrong. Please try again.',
    });
  });

  it('duplicate callbacks (the same receipt twice) make one payment and one bill credit', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[70_000, 'Health certificate']]);
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: '254700002222' });
    const started: StkPushResponse = res.json();
    await settled(alice, started.payment_id);
    await sim.whenIdle();
    const log = await callbackLog(started.checkout_request_id);
    expect(log.map((l) => l.outcome).sort()).toEqual(['duplicate', 'paid']);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'paid',
      paid_cents: 70_000,
      credit_cents: 0,
    });
    expect((await billAudit(bill.bill_no)).filter((a) => a.action === 'payment_applied')).toHaveLength(1);
  });

  it('no callback at all: reconciliation asks stkpushquery after a minute and completes it (receipt pending); a late callback fills the receipt in', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[40_000, 'Land survey']]);
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: '254700000000' });
    const started: StkPushResponse = res.json();
    await sim.whenIdle();
    expect((await getPayment(alice, started.payment_id)).json().status).toBe('pending');

    // Not yet a minute: nothing is asked.
    const early = await service.reconcileOnce(new Date(Date.now() + 30_000));
    expect(early.queried).toBe(0);
    const summary = await service.reconcileOnce(new Date(Date.now() + 61_000));
    expect(summary.queried).toBeGreaterThanOrEqual(1);
    const payment: Payment = (await getPayment(alice, started.payment_id)).json();
    expect(payment).toMatchObject({ status: 'paid', mpesa_receipt_number: null, amount_paid_cents: 40_000 });
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'paid', paid_cents: 40_000 });
    // Queried once: a second run in the same minute leaves it alone.
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(row?.queryCount).toBe(1);

    const late = await t.app.inject({
      method: 'POST',
      url: stkUrl(),
      payload: paidCallback(started.checkout_request_id, 'LATE000001', 400),
    });
    expect(late.statusCode).toBe(200);
    const filled: Payment = (await getPayment(alice, started.payment_id)).json();
    expect(filled.mpesa_receipt_number).toBe('LATE000001');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ paid_cents: 40_000, credit_cents: 0 });
    expect((await paymentAudit(started.payment_id)).map((a) => a[0])).toEqual([
      'created',
      'prompt_sent',
      'paid',
      'receipt_recorded',
    ]);
  });

  it('reconciliation fails a payment pending for over five minutes with no answer', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[10_000, 'Stall']]);
    const [row] = await t.database.db
      .insert(payments)
      .values({
        userId: alice.id,
        billId: (await bills.findForPayment(bill.bill_no))!.id,
        billNo: bill.bill_no,
        method: 'mpesa_stk',
        status: 'pending',
        amountRequestedCents: 10_000,
        phoneNumber: '254711000111',
        checkoutRequestId: `ws_CO_unknown_${Date.now()}`,
        createdAt: new Date(Date.now() - 6 * 60_000),
      })
      .returning();
    await service.reconcileOnce(new Date());
    const payment: Payment = (await getPayment(alice, row!.id)).json();
    expect(payment).toMatchObject({
      status: 'failed',
      result_code: null,
      message:
        'We did not get an answer from M-Pesa. If money left your M-Pesa account, it will show on your bill within a few minutes; otherwise please try again.',
    });
    // …and a "paid" callback that Daraja cannot confirm (it never knew this prompt) credits
    // nothing, even with the right secret: it is logged as unconfirmed.
    await t.app.inject({
      method: 'POST',
      url: stkUrl(),
      payload: paidCallback(row!.checkoutRequestId!, 'LATE000002', 100),
    });
    expect((await getPayment(alice, row!.id)).json()).toMatchObject({ status: 'failed' });
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid' });
    expect((await callbackLog(row!.checkoutRequestId!)).map((c) => c.outcome)).toContain('unconfirmed');
  });

  it('a forged "paid" callback (the secret leaked) for a prompt the payer has not answered credits nothing', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[25_000, 'Market stall']]);
    const pushed = await push(alice, { bill_no: bill.bill_no, phone_number: '0700001037' });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const paymentId = pushed.json().payment_id as string;
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    const forged = await t.app.inject({
      method: 'POST',
      url: stkUrl(),
      payload: paidCallback(pending!.checkoutRequestId!, 'FORGED0001', 250),
    });
    expect(forged.statusCode).toBe(200);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid', paid_cents: 0 });
    // The forged callback is checked with Daraja, which says the prompt is still open
    // ('unconfirmed') or, on a slow machine where its own timeout came first, that it failed:
    // never that it was paid.
    const outcomes = (await callbackLog(pending!.checkoutRequestId!)).map((c) => c.outcome);
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.every((o) => o === 'unconfirmed' || o === 'failed')).toBe(true);
    // Daraja's own answer (the phone could not be reached) settles it.
    const final = await settled(alice, paymentId);
    expect(final.status).not.toBe('paid');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid' });
  });
});

describe('amounts', () => {
  it('a partial payment reduces the balance; more than the balance is refused from the portal', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[150_000, 'Rates']]);
    const phone = successPhone();
    const part = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 500 });
    expect(part.json().amount_cents).toBe(50_000);
    expect((await settled(alice, part.json().payment_id)).status).toBe('paid');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'partially_paid',
      paid_cents: 50_000,
      balance_cents: 100_000,
    });

    const tooMuch = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 1001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'The amount is more than the balance of this bill. Please pay the balance or less.',
    );
    for (const amount of [0, 10.5, -3]) {
      const bad = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount });
      expect(bad.statusCode).toBe(400);
    }
    const badPhone = await push(alice, { bill_no: bill.bill_no, phone_number: '0812345678' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().details).toEqual([
      {
        path: 'phone_number',
        message: 'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
      },
    ]);

    // The rest, by default.
    const rest = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
    expect(rest.json().amount_cents).toBe(100_000);
    await settled(alice, rest.json().payment_id);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'paid', balance_cents: 0 });
  });

  it('M-Pesa reporting more than the prompt: only the prompt is credited; what Daraja confirms beyond it waits for a revenue officer', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[20_000, 'Permit']]);
    const phone = successPhone();
    sim.nextOutcome({ phone, outcome: 'success', amountShillings: 250 });
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
    const paymentId = res.json().payment_id as string;
    // The callback's 250 is not the prompt's 200: nothing is credited until Daraja's transaction
    // status says what moved.
    const final = await settled(alice, paymentId);
    expect(final).toMatchObject({ status: 'paid', amount_paid_cents: 20_000 });
    expect(final.mpesa_receipt_number).not.toBeNull();
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'paid',
      paid_cents: 20_000,
      credit_cents: 0,
    });
    expect((await paymentAudit(paymentId)).map((a) => a[0])).toEqual([
      'created',
      'prompt_sent',
      'amount_mismatch',
      'paid',
    ]);
    // The 50 Daraja confirmed beyond the prompt: a payment of its own that reached no bill.
    const revenue = await createOfficer(t, ['revenue']);
    const unmatched = await t.app.inject({
      method: 'GET',
      url: '/api/staff/revenue/unmatched',
      headers: revenue.headers,
    });
    expect(unmatched.json().data).toContainEqual(
      expect.objectContaining({ account_typed: bill.bill_no, reason: 'above_prompt', amount_cents: 5_000 }),
    );
  });

  it('a KES 1 prompt and a forged callback for KES 1,500 (the secret leaked) credit KES 1: the permit stays unpaid', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[150_000, 'Reserved bay']]);
    // The attacker pays a KES 1 prompt (no callback comes: only stkpushquery knows it was paid)…
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: '254700000000', amount: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const started: StkPushResponse = res.json();
    await sim.whenIdle();
    // …then forges its callback saying KES 1,500 moved.
    const forged = await t.app.inject({
      method: 'POST',
      url: stkUrl(),
      payload: paidCallback(started.checkout_request_id, 'FORGED1500', 1500),
    });
    expect(forged.statusCode).toBe(200);
    await sim.whenIdle();
    const log = await callbackLog(started.checkout_request_id);
    expect(log.map((c) => c.outcome)).toEqual(['amount_mismatch']);
    // Daraja's transaction status knows no receipt FORGED1500: nothing is credited from it.
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid', paid_cents: 0 });
    expect((await paymentAudit(started.payment_id)).map((a) => a[0])).toContain(
      'reported_amount_not_confirmed',
    );
    // stkpushquery settles the prompt that was paid: its KES 1.
    await service.reconcileOnce(new Date(Date.now() + 61_000));
    expect((await getPayment(alice, started.payment_id)).json()).toMatchObject({
      status: 'paid',
      amount_paid_cents: 100,
    });
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'partially_paid',
      paid_cents: 100,
      balance_cents: 149_900,
    });
  });
});

describe('a bill cancelled while its prompt is open', () => {
  it('tells the payer the money is held for a refund, with the reference: not "Payment received"', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[30_000, 'Ground rent']]);
    // No callback comes for this phone: the prompt stays open while the bill is cancelled.
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: '254700000000' });
    const started: StkPushResponse = res.json();
    await sim.whenIdle();
    const revenue = await createOfficer(t, ['revenue']);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/staff/bills/${bill.bill_no}/cancel`,
      headers: revenue.headers,
      payload: { reason: 'Raised twice by mistake' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The payer paid the prompt: M-Pesa's word (here, the status query) arrives after the cancel.
    await service.reconcileOnce(new Date(Date.now() + 61_000));
    const payment: Payment = (await getPayment(alice, started.payment_id)).json();
    expect(payment).toMatchObject({
      status: 'paid',
      bill_status: 'cancelled',
      held_for_refund: true,
      message:
        'This bill was cancelled before your payment reached it, so nothing was credited to it. The county holds your money for a refund: quote the reference below when you contact the county.',
    });
    const history = await t.app.inject({ method: 'GET', url: '/api/payments', headers: alice.headers });
    expect(history.json().data).toContainEqual(
      expect.objectContaining({ payment_id: started.payment_id, held_for_refund: true }),
    );
    // The revenue officer sees it waiting, and once it is marked for refund the payer still reads the truth.
    const unmatched = await t.app.inject({
      method: 'GET',
      url: '/api/staff/revenue/unmatched',
      headers: revenue.headers,
    });
    expect(unmatched.json().data).toContainEqual(
      expect.objectContaining({
        payment_id: started.payment_id,
        reason: 'bill_cancelled',
        amount_cents: 30_000,
      }),
    );
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/staff/revenue/unmatched/${started.payment_id}/refund`,
      headers: revenue.headers,
      payload: { reason: 'The bill was cancelled: return the money.' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await getPayment(alice, started.payment_id)).json()).toMatchObject({ held_for_refund: true });
  });
});

describe("M-Pesa's limit on one payment (MPESA_MAX_PAYMENT, KES 150,000)", () => {
  it('a bill of KES 1.1 million is paid in parts: the first prompt asks for KES 150,000, more is refused in plain words', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[110_000_000, 'Reserved bays, a year']]);
    const phone = successPhone();
    const tooMuch = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 150_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      message:
        'M-Pesa takes at most KES 150,000 in one payment. Pay this bill in parts, or at the bank with its invoice.',
      details: [{ path: 'amount' }],
    });
    const first = await push(alice, { bill_no: bill.bill_no, phone_number: phone });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().amount_cents).toBe(15_000_000);
    expect((await settled(alice, first.json().payment_id)).status).toBe('paid');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'partially_paid',
      paid_cents: 15_000_000,
      balance_cents: 95_000_000,
    });
    const county = await t.app.inject({ method: 'GET', url: '/api/county' });
    expect(county.json().mpesa_max_payment_cents).toBe(15_000_000);
  });
});

describe('refusals', () => {
  it("another user's bill is a 404; a paid bill, a cancelled bill and a second prompt are 409s", async () => {
    const alice = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[30_000, 'Rates']]);
    const theirs = await push(bob, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('We could not find that bill.');
    expect((await push(bob, { bill_no: 'NCCB00000000', phone_number: successPhone() })).statusCode).toBe(404);

    // A prompt still pending for this bill (no callback comes): a second one is refused.
    const first = await push(alice, { bill_no: bill.bill_no, phone_number: '254700000000' });
    expect(first.statusCode).toBe(200);
    const second = await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'A payment prompt is already on its way to your phone. Answer it, or wait two minutes and try again.',
    );
    await sim.whenIdle(); // the simulator has decided the outcome the query will report
    await service.reconcileOnce(new Date(Date.now() + 61_000));
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'paid' });
    const paid = await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({ message: 'This bill is already paid.', code: 'bill_already_paid' });

    const other = await raiseBill(alice, [[10_000, 'Old bill']]);
    await t.database.db.transaction((tx) => bills.cancel(tx, other.bill_no, { type: 'system' }, 'test'));
    const cancelled = await push(alice, { bill_no: other.bill_no, phone_number: successPhone() });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This bill was cancelled and cannot be paid.');
  });

  it('limits pushes per phone (5 in 10 minutes)', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[100_000, 'Rates']]);
    const phone = successPhone();
    for (let i = 0; i < 5; i++) {
      const res = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 1 });
      expect(res.statusCode).toBe(200);
      await settled(alice, res.json().payment_id);
    }
    const sixth = await push(alice, { bill_no: bill.bill_no, phone_number: phone, amount: 1 });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many payment requests. Please wait a few minutes and try again.');
    expect(sixth.headers['retry-after']).toBe('600');
  });

  it('M-Pesa unreachable: 503 in plain words, the payment failed, and the same key may be retried', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[10_000, 'Rates']]);
    const phone = `254${successPhone().slice(1)}`;
    const key = randomUUID();
    // The same service, but its Daraja is a port nobody listens on.
    const unreachable = createPaymentService({
      db: t.database.db,
      bills,
      applications: { onBillPaid: async () => null },
      daraja: createDarajaClient({ ...credentials, baseUrl: `http://127.0.0.1:${await freePort()}` }),
      publicUrl: t.config.publicUrl,
      callbackSecret: SECRET,
      log: { info() {}, warn() {}, error() {} },
    });
    await expect(
      unreachable.startStkPush({
        userId: alice.id,
        idempotencyKey: key,
        body: { bill_no: bill.bill_no, phone_number: phone },
      }),
    ).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      message: 'We could not send the M-Pesa prompt to your phone. Please try again.',
    });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.billNo, bill.bill_no));
    expect(row).toMatchObject({ status: 'failed', checkoutRequestId: null });
    expect((await getPayment(alice, row!.id)).json().message).toBe(
      'We could not send the M-Pesa prompt to your phone. Please try again.',
    );

    // The key was released: the retry (now through the reachable portal) sends the prompt.
    const retry = await push(alice, { bill_no: bill.bill_no, phone_number: phone }, key);
    expect(retry.statusCode).toBe(200);
    expect((await settled(alice, retry.json().payment_id)).status).toBe('paid');
  });
});

describe('callbacks', () => {
  it('a wrong path secret is a 404 and nothing is processed or logged', async () => {
    const before = (await t.database.db.select().from(mpesaCallbacks)).length;
    for (const url of [
      stkUrl('wrong-secret'),
      '/api/payments/callbacks/c2b/confirmation/wrong-secret',
      '/api/payments/callbacks/c2b/validation/x',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: paidCallback('ws_CO_x', 'WRONG00001', 1),
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.database.db.select().from(mpesaCallbacks)).length).toBe(before);
  });

  it('an unknown CheckoutRequestID and an unparseable body are logged and answered 200', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: stkUrl(),
      payload: paidCallback('ws_CO_nobody_knows', 'UNKNOWN001', 10),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await callbackLog('ws_CO_nobody_knows')).map((l) => l.outcome)).toEqual(['unknown_request']);
    const none = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.mpesaReceiptNumber, 'UNKNOWN001'));
    expect(none).toHaveLength(0);

    const junk = await t.app.inject({ method: 'POST', url: stkUrl(), payload: { hello: 'world' } });
    expect(junk.statusCode).toBe(200);
    const logged = await t.database.db
      .select()
      .from(mpesaCallbacks)
      .where(eq(mpesaCallbacks.outcome, 'unparseable'));
    expect(logged.some((l) => JSON.stringify(l.body) === '{"hello":"world"}')).toBe(true);
  });

  it('50 concurrent duplicate callbacks make exactly one payment and one bill credit', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[123_400, 'Rates']]);
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: '254700000000' });
    const started: StkPushResponse = res.json();
    await sim.whenIdle();
    const body = paidCallback(started.checkout_request_id, 'CONC000001', 1234);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: stkUrl(), payload: body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.mpesaReceiptNumber, 'CONC000001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amountPaidCents: 123_400 });
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'paid',
      paid_cents: 123_400,
      credit_cents: 0,
    });
    expect((await billAudit(bill.bill_no)).filter((a) => a.action === 'payment_applied')).toHaveLength(1);
    const log = await callbackLog(started.checkout_request_id);
    expect(log).toHaveLength(50);
    expect(log.filter((l) => l.outcome === 'paid')).toHaveLength(1);
    expect(log.filter((l) => l.outcome === 'duplicate')).toHaveLength(49);
  });

  it('callbacks of several payments at one moment each complete once; a receipt number two of them claim goes to one', async () => {
    const payers = await Promise.all([0, 1, 2, 3].map(() => createSignedInUser(t)));
    const amounts = [11_100, 22_200, 33_300, 44_400];
    const billNos: string[] = [];
    const started: StkPushResponse[] = [];
    for (const [i, payer] of payers.entries()) {
      const bill = await raiseBill(payer, [[amounts[i]!, 'Rates']]);
      billNos.push(bill.bill_no);
      // Phones ending 0000: the simulator sends no callback of its own (the test sends them).
      const pushed = await push(payer, { bill_no: bill.bill_no, phone_number: `25471${i}100000` });
      expect(pushed.statusCode).toBe(200);
      started.push(pushed.json());
    }
    await sim.whenIdle();
    // The fourth claims the second's receipt number (a replay, or a forged callback).
    const receipts = ['MOMENT0001', 'MOMENT0002', 'MOMENT0003', 'MOMENT0002'];
    const answers = await Promise.all(
      started.map((s, i) =>
        t.app.inject({
          method: 'POST',
          url: stkUrl(),
          payload: paidCallback(s.checkout_request_id, receipts[i]!, amounts[i]! / 100),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    const status = await Promise.all(
      started.map(async (s, i) => ({
        payment: (await getPayment(payers[i]!, s.payment_id)).json() as Payment,
        bill: await getBill(payers[i]!, billNos[i]!),
        log: (await callbackLog(s.checkout_request_id)).map((l) => l.outcome),
      })),
    );
    for (const i of [0, 2]) {
      expect(status[i]!.payment).toMatchObject({ status: 'paid', mpesa_receipt_number: receipts[i] });
      expect(status[i]!.bill).toMatchObject({ status: 'paid', paid_cents: amounts[i] });
      expect(status[i]!.log).toEqual(['paid']);
    }
    // Of the two that claim MOMENT0002, one is paid with it; the other is left pending, credited
    // nothing, and its callback logged as a duplicate.
    const [winner, loser] =
      status[1]!.payment.status === 'paid' ? [status[1]!, status[3]!] : [status[3]!, status[1]!];
    expect(winner.payment).toMatchObject({ status: 'paid', mpesa_receipt_number: 'MOMENT0002' });
    expect(winner.bill.status).toBe('paid');
    expect(winner.log).toEqual(['paid']);
    expect(loser.payment).toMatchObject({ status: 'pending', mpesa_receipt_number: null });
    expect(loser.bill).toMatchObject({ status: 'unpaid', paid_cents: 0 });
    expect(loser.log).toEqual(['duplicate']);
    const credits = await Promise.all(
      billNos.map(async (billNo) => (await billAudit(billNo)).filter((a) => a.action === 'payment_applied')),
    );
    expect(credits.map((c, i) => (status[i] === loser ? c.length === 0 : c.length === 1))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('paying the bill of an application moves the application on', async () => {
    const alice = await createSignedInUser(t);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: alice.headers,
      payload: { service_id: 'rates-search', values: { lr_number: '209/10004', search_purpose: 'purchase' } },
    });
    expect(submitted.statusCode).toBe(201);
    const { application, bill } = submitted.json();
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect((await settled(alice, res.json().payment_id)).status).toBe('paid');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${application.application_no}`,
      headers: alice.headers,
    });
    expect(detail.json().status).not.toBe('awaiting_payment');
    expect(detail.json().history.at(-1)).toMatchObject({ from_status: 'awaiting_payment', actor: 'system' });
  });
});

describe('C2B (paybill from the phone menu)', () => {
  let staff: TestUser;
  beforeAll(async () => {
    staff = await createOfficer(t, ['admin']);
  });

  it('registration is staff-only and never shows the secret', async () => {
    const citizen = await createSignedInUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/staff/payments/c2b/register',
      headers: citizen.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/payments/c2b/register',
      headers: staff.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      validation_url: `${t.config.publicUrl}/api/payments/callbacks/c2b/validation/***`,
      confirmation_url: `${t.config.publicUrl}/api/payments/callbacks/c2b/confirmation/***`,
      response_code: '0',
    });
    expect(JSON.stringify(res.json())).not.toContain(SECRET);
  });

  it('validation accepts a known bill (typed in lower case) and, once Daraja confirms the TransID, credits it once', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[80_000, 'Rates']]);
    const paid = await sim.c2bPay({
      phone: '0722000111',
      amountShillings: 300,
      billRefNumber: bill.bill_no.toLowerCase(),
    });
    expect(paid.accepted).toBe(true);
    expect(paid.confirmation?.status).toBe(200);
    // Credited when the transaction status answer arrives (the simulator answers ~20 ms later).
    await expect.poll(async () => (await getBill(alice, bill.bill_no)).paid_cents).toBe(30_000);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'partially_paid' });
    const list: Payment[] = (
      await t.app.inject({ method: 'GET', url: '/api/payments', headers: alice.headers })
    ).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        method: 'mpesa_c2b',
        status: 'paid',
        mpesa_receipt_number: paid.transId,
        amount_paid_cents: 30_000,
        bill_no: bill.bill_no,
      }),
    ]);

    // The same confirmation again (M-Pesa retried): nothing more.
    const confirmation = sim
      .history()
      .callbacks.find(
        (c) => c.kind === 'c2b_confirmation' && (c.body as { TransID: string }).TransID === paid.transId,
      );
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/c2b/confirmation/${SECRET}`,
      payload: confirmation!.body as Record<string, unknown>,
    });
    expect(again.statusCode).toBe(200);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ paid_cents: 30_000 });

    // Overpaying at the paybill is accepted: the excess is credit.
    await sim.c2bPay({ phone: '0722000111', amountShillings: 600, billRefNumber: bill.bill_no });
    await expect.poll(async () => (await getBill(alice, bill.bill_no)).status).toBe('paid');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({
      status: 'paid',
      paid_cents: 80_000,
      credit_cents: 10_000,
    });
  });

  it('validation rejects an unknown bill number; without validation, a confirmed payment for one is kept as unmatched', async () => {
    const rejected = await sim.c2bPay({
      phone: '0722000222',
      amountShillings: 100,
      billRefNumber: 'NOSUCHBILL',
    });
    expect(rejected.accepted).toBe(false);
    expect(rejected.validation.response).toMatchObject({ ResultCode: 'C2B00012', ResultDesc: 'Rejected' });

    // A paybill without external validation: M-Pesa takes the payment whatever was typed.
    const paid = await sim.c2bPay({
      phone: '0722000126',
      amountShillings: 150,
      billRefNumber: 'my house',
      validate: false,
    });
    expect(paid.accepted).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await t.database.db.select().from(payments).where(eq(payments.mpesaReceiptNumber, paid.transId))
          )[0]?.status,
      )
      .toBe('paid');
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.mpesaReceiptNumber, paid.transId));
    expect(row).toMatchObject({
      status: 'paid',
      billId: null,
      userId: null,
      billNo: 'my house',
      unmatchedReason: 'unknown_bill',
      amountPaidCents: 15_000,
    });
  });

  it('a forged confirmation (the secret leaked) that Daraja never made credits nothing', async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[40_000, 'Rates']]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/c2b/confirmation/${SECRET}`,
      payload: {
        TransactionType: 'Pay Bill',
        TransID: 'FORGEDC2B1',
        TransTime: '20260314101502',
        TransAmount: '400.00',
        BusinessShortCode: t.config.mpesa.shortcode,
        BillRefNumber: bill.bill_no,
        MSISDN: '254722000999',
        FirstName: 'Mallory',
      },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.database.db.select().from(payments).where(eq(payments.mpesaReceiptNumber, 'FORGEDC2B1'))
          )[0]?.status,
      )
      .toBe('failed');
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid', paid_cents: 0 });
    // A forged answer to the status question is ignored too: it names no question this server asked.
    const forgedAnswer = await t.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/status/result/${SECRET}`,
      payload: {
        Result: {
          ResultCode: 0,
          ResultDesc: 'ok',
          ConversationID: 'AG_forged',
          ResultParameters: { ResultParameter: [] },
        },
      },
    });
    expect(forgedAnswer.statusCode).toBe(200);
    expect(await getBill(alice, bill.bill_no)).toMatchObject({ status: 'unpaid' });
  });
});

describe('invoice and receipt', () => {
  it('owner-only invoice and receipt (JSON and PDF); the receipt only once paid, with a QR code E-Verify accepts', async () => {
    const alice = await createSignedInUser(t, {
      firstName: 'Achieng',
      middleName: 'Atieno',
      surName: 'Otieno',
    });
    const bob = await createSignedInUser(t);
    const bill = await raiseBill(
      alice,
      [
        [3_277_500, 'Land rates 2025'],
        [4_235_000, 'Land rates arrears before 2025'],
      ],
      'land-rates-bill',
    );
    const get = (user: TestUser, path: string) =>
      t.app.inject({ method: 'GET', url: `/api/bills/${bill.bill_no}/${path}`, headers: user.headers });

    const invoice = await get(alice, 'invoice');
    expect(invoice.statusCode).toBe(200);
    expect(invoice.json()).toMatchObject({
      receiptNo: null,
      isReceipt: false,
      isLr: true,
      billNo: bill.bill_no,
      billAmount: 7_512_500,
      customerName: 'Achieng Atieno Otieno',
      externalDoc: null,
      billDetails: [
        { Amount: '32775.00', Description: 'Land rates 2025', Parcel: null },
        { Amount: '42350.00', Description: 'Land rates arrears before 2025', Parcel: null },
      ],
    });
    expect(invoice.json().billDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const path of ['invoice', 'invoice.pdf', 'receipt', 'receipt.pdf']) {
      expect((await get(bob, path)).statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/bills/${bill.bill_no}/${path}` });
      expect(anonymous.statusCode).toBe(401);
    }
    const pdf = await get(alice, 'invoice.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await qpdfCheck(pdf.rawPayload)).toContain('No syntax or stream encoding errors found');
    expect((await readPdf(pdf.rawPayload)).pages[0]).toContain('INVOICE');

    const early = await get(alice, 'receipt.pdf');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'This bill is not fully paid yet, so it has no receipt. Pay the balance first.',
    );

    const res = await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect((await settled(alice, res.json().payment_id)).status).toBe('paid');

    const receipt = await get(alice, 'receipt');
    expect(receipt.json()).toMatchObject({
      isReceipt: true,
      receiptNo: `RCT-${bill.bill_no}`,
      billNo: bill.bill_no,
    });
    const receiptPdf = await get(alice, 'receipt.pdf');
    expect(receiptPdf.statusCode).toBe(200);
    expect(await qpdfCheck(receiptPdf.rawPayload)).toContain('No syntax or stream encoding errors found');
    const read = await readPdf(receiptPdf.rawPayload);
    expect(read.pages[0]).toContain('RECEIPT');
    expect(read.pages[0]).toContain(`RCT-${bill.bill_no}`);
    expect(read.pages[0]).not.toContain('6060047'); // the paybill is printed on invoices only
    const qr = await read.decodeQr(1);
    expect(qr).toBe(receipt.json().verifyUrl);
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/verify?code=${encodeURIComponent(new URL(qr!).searchParams.get('code')!)}`,
    });
    expect(verified.json()).toMatchObject({
      status: 'valid',
      document: { kind: 'receipt', number: `RCT-${bill.bill_no}` },
    });
  });

  it("a public printable link: anyone holding an invoice's or receipt's printUrl prints it, no sign-in; the QR's id alone opens nothing", async () => {
    const alice = await createSignedInUser(t);
    const bill = await raiseBill(alice, [[150_000, 'Survey fee']]);
    const owner = (path: string) =>
      t.app.inject({ method: 'GET', url: `/api/bills/${bill.bill_no}/${path}`, headers: alice.headers });
    const invoice = (await owner('invoice')).json();
    expect(invoice.printUrl).toMatch(/\/downloads\/Invoice\?id=[\w-]{12}&key=[\w-]{22}$/);
    const link = new URL(invoice.printUrl);
    const id = link.searchParams.get('id')!;
    const key = link.searchParams.get('key')!;
    const open = (path: string) => t.app.inject({ method: 'GET', url: path, remoteAddress: '10.20.30.40' });

    const stranger = await open(`/api/bill-documents/${id}?key=${key}`);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({
      billNo: bill.bill_no,
      isReceipt: false,
      printUrl: invoice.printUrl,
    });
    const pdf = await open(`/api/bill-documents/${id}/pdf?key=${key}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await qpdfCheck(pdf.rawPayload)).toContain('No syntax or stream encoding errors found');
    // The id is inside the QR code: alone, or with a key that is not its own, it opens nothing.
    const notFound = {
      message: 'We could not find that document. Please check the link.',
      code: 'not_found',
    };
    expect((await open(`/api/bill-documents/${id}?key=${'A'.repeat(22)}`)).json()).toEqual(notFound);
    expect((await open(`/api/bill-documents/${id}`)).statusCode).toBe(400);
    expect((await open(`/api/bill-documents/unknown-id-0?key=${key}`)).json()).toEqual(notFound);

    // The receipt has its own link once the bill is paid.
    const res = await push(alice, { bill_no: bill.bill_no, phone_number: successPhone() });
    expect((await settled(alice, res.json().payment_id)).status).toBe('paid');
    const receipt = (await owner('receipt')).json();
    expect(receipt.printUrl).not.toBe(invoice.printUrl);
    const receiptLink = new URL(receipt.printUrl);
    const publicReceipt = await open(
      `/api/bill-documents/${receiptLink.searchParams.get('id')}?key=${receiptLink.searchParams.get('key')}`,
    );
    expect(publicReceipt.json()).toMatchObject({ isReceipt: true, receiptNo: `RCT-${bill.bill_no}` });
    // The invoice's key does not open the receipt.
    expect(
      (await open(`/api/bill-documents/${receiptLink.searchParams.get('id')}?key=${key}`)).statusCode,
    ).toBe(404);
  });
});
