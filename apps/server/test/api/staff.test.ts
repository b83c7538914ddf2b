import type { OfficerRole } from '@kaunti/contract/api-staff';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcels } from '../../src/areas/land/schema';
import { users } from '../../src/core/accounts/schema';
import { auditLog } from '../../src/core/audit/schema';
import { kenyaToday } from '../../src/core/bills/kenya-date';
import { payments } from '../../src/core/payments/schema';
import { officers as officersTable } from '../../src/core/staff/schema';
import { createEngine, type Engine } from '../support/engine';
import { uploadId } from '../support/files';
import { pathAndQuery } from '../support/links';
import { readPdf } from '../support/pdf';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * The back office (issue 11): the queue, one application, decisions through the status table
 * with four eyes and areas, the citizen's answer, issuing the document, SMS, officers, audit.
 */
let t: TestApp;
let engine: Engine;
let citizen: TestUser;
const officers = {} as Record<OfficerRole | 'landReviewer' | 'businessReviewer', TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  engine = await createEngine(t);
  citizen = await createSignedInUser(t);
  for (const role of ['reviewer', 'approver', 'revenue', 'admin', 'auditor', 'enforcement'] as const)
    officers[role] = await createOfficer(t, [role]);
  officers.landReviewer = await createOfficer(t, ['reviewer'], ['land']);
  officers.businessReviewer = await createOfficer(t, ['reviewer', 'approver'], ['business']);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const decide = (user: TestUser, no: string, status: string, reason = 'Checked against the register') =>
  post(user, `/api/staff/applications/${no}/status`, { status, reason });

/** A land survey application, paid: under review. */
async function surveyUnderReview(applicant: TestUser = citizen, lr = '209/10001') {
  const res = await post(applicant, '/api/applications', {
    service_id: 'land-survey',
    values: {
      lr_number: lr,
      sub_county_code: '274',
      ward_code: '1361',
      survey_type_code: 'SV-BRE',
      purpose: 'A boundary dispute with a neighbour',
      idCard: await uploadId(t, applicant.headers),
      proofOfOwnership: await uploadId(t, applicant.headers, 'deed.png'),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { application, bill } = res.json();
  await t.database.db.transaction(async (tx) => {
    const paid = await engine.bills.applyPayment(tx, {
      billNo: bill.bill_no,
      amountCents: bill.balance_cents,
      actor: { type: 'mpesa' },
      reference: `QK${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    });
    if (paid.becamePaid) await engine.applications.onBillPaid(tx, bill.bill_no);
  });
  return application.application_no as string;
}

async function sms(phone: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  return (res.json().data as { message: string }[]).map((m) => m.message);
}

describe('who may use the back office', () => {
  it('refuses a citizen (403), and anyone signed out (401)', async () => {
    expect((await get(citizen, '/api/staff/applications')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/applications' })).statusCode).toBe(401);
    expect((await get(citizen, '/api/staff/me')).statusCode).toBe(403);
  });

  it('answers the officer with roles, areas and permissions', async () => {
    const me = (await get(officers.landReviewer, '/api/staff/me')).json();
    expect(me).toMatchObject({ roles: ['reviewer'], areas: ['land'], must_set_password: false });
    expect(me.permissions).toContain('applications.request_info');
    expect(me.permissions).not.toContain('applications.approve');
  });

  it('an officer of another area is refused the application and its decisions', async () => {
    const no = await surveyUnderReview();
    expect((await get(officers.businessReviewer, `/api/staff/applications/${no}`)).statusCode).toBe(403);
    expect((await decide(officers.businessReviewer, no, 'approved')).statusCode).toBe(403);
    const queue = (await get(officers.businessReviewer, '/api/staff/applications')).json();
    expect(queue.data.map((a: { application_no: string }) => a.application_no)).not.toContain(no);
    expect((await get(officers.landReviewer, `/api/staff/applications/${no}`)).statusCode).toBe(200);
  });

  it('roles limit decisions: a reviewer cannot approve, an auditor only reads, enforcement sees no queue', async () => {
    const no = await surveyUnderReview();
    const reviewer = await decide(officers.reviewer, no, 'approved');
    expect(reviewer.statusCode).toBe(403);
    expect(reviewer.json().message).toBe('Your role does not allow this decision.');
    expect((await get(officers.auditor, `/api/staff/applications/${no}`)).statusCode).toBe(200);
    expect((await decide(officers.auditor, no, 'rejected')).statusCode).toBe(403);
    expect((await get(officers.enforcement, '/api/staff/applications')).statusCode).toBe(403);
  });

  it('nobody decides their own application', async () => {
    const no = await surveyUnderReview(officers.approver, '209/10005');
    const res = await decide(officers.approver, no, 'approved');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot decide your own application.');
  });

  it('a decision from a wrong status is a 409', async () => {
    const no = await surveyUnderReview();
    const res = await decide(officers.approver, no, 'issued');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('illegal_transition');
  });

  it('asks a reason only of a request for information or a rejection (approving and issuing need none)', async () => {
    const no = await surveyUnderReview();
    for (const status of ['needs_info', 'rejected']) {
      const refused = await post(officers.approver, `/api/staff/applications/${no}/status`, { status });
      expect(refused.statusCode, status).toBe(400);
      expect(refused.json().details).toEqual([
        { path: 'reason', message: 'Please give the reason for this decision (at least 3 characters)' },
      ]);
      expect((await decide(officers.approver, no, status, ' ')).statusCode, status).toBe(400);
    }
    const approved = await post(officers.approver, `/api/staff/applications/${no}/status`, {
      status: 'approved',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const issued = await post(officers.reviewer, `/api/staff/applications/${no}/status`, {
      status: 'issued',
      reason: '',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(
      issued
        .json()
        .history.map((e: { note: string | null }) => e.note)
        .slice(-2),
    ).toEqual([null, null]);
  });
});

describe('the queue', () => {
  it('lists under-review applications oldest first with counts, and finds one by number, phone or ID', async () => {
    const first = await surveyUnderReview();
    const second = await surveyUnderReview();
    const queue = (
      await get(officers.reviewer, '/api/staff/applications?area=land&status=under_review&per_page=100')
    ).json();
    const nos = queue.data.map((a: { application_no: string }) => a.application_no);
    expect(nos.indexOf(first)).toBeLessThan(nos.indexOf(second));
    expect(queue.data.every((a: { status: string }) => a.status === 'under_review')).toBe(true);
    expect(queue.counts.under_review).toBeGreaterThanOrEqual(2);
    const billNo = queue.data.find((a: { application_no: string }) => a.application_no === first).bill_no;
    expect(billNo).toMatch(/^NCCB\d{8}$/);
    for (const q of [
      first.toLowerCase(),
      billNo,
      citizen.phoneNumber.replace(/^254/, '0'),
      citizen.identifier,
    ]) {
      const found = (
        await get(officers.reviewer, `/api/staff/applications?q=${encodeURIComponent(q)}`)
      ).json();
      expect(found.data.map((a: { application_no: string }) => a.application_no)).toContain(first);
      expect(found.total).toBe(found.data.length);
    }
    // By application number, that application alone; a number nobody holds finds nothing.
    const one = (await get(officers.reviewer, `/api/staff/applications?q=${second}`)).json();
    expect(one.data.map((a: { application_no: string }) => a.application_no)).toEqual([second]);
    expect(one).toMatchObject({ total: 1, counts: { under_review: 1 } });
    const none = (await get(officers.reviewer, '/api/staff/applications?q=LND-2026-999999')).json();
    expect(none).toMatchObject({ data: [], total: 0, counts: {} });
  });
});

describe("the queue's default: what waits for the officer", () => {
  it('is the applications under review and those approved by someone else, waiting to be issued', async () => {
    const waiting = await surveyUnderReview();
    const approved = await surveyUnderReview();
    expect((await decide(officers.approver, approved, 'approved')).statusCode).toBe(200);
    const queued = async (officer: TestUser) => {
      const queue = (await get(officer, '/api/staff/applications?area=land&per_page=100')).json();
      return new Map(
        queue.data.map((a: { application_no: string; status: string }) => [a.application_no, a.status]),
      );
    };
    const reviewers = await queued(officers.reviewer);
    expect(reviewers.get(waiting)).toBe('under_review');
    expect(reviewers.get(approved)).toBe('approved');
    expect([...reviewers.values()].every((s) => s === 'under_review' || s === 'approved')).toBe(true);
    // The approver may not issue what they approved: it is not waiting for them.
    const approvers = await queued(officers.approver);
    expect(approvers.get(waiting)).toBe('under_review');
    expect(approvers.has(approved)).toBe(false);
    // Once issued, it waits for nobody.
    expect((await decide(officers.reviewer, approved, 'issued')).statusCode).toBe(200);
    expect((await queued(officers.reviewer)).has(approved)).toBe(false);
  });
});

describe('from submission to issue, with a request for more information', () => {
  it('needs_info → the citizen answers → approved → issued (four eyes), with SMS, the PDF and E-Verify, then revoked', async () => {
    const no = await surveyUnderReview();
    const before = (await get(officers.reviewer, `/api/staff/applications/${no}`)).json();
    expect(before.values.find((v: { name: string }) => v.name === 'lr_number')).toMatchObject({
      label: 'Land / parcel number (LR number)',
      display: '209/10001',
    });
    const deed = before.values.find((v: { name: string }) => v.name === 'proofOfOwnership');
    expect(deed.upload).toMatchObject({ content_type: 'image/png' });
    // A code from a reference list reads by its name.
    const named = (name: string) => before.values.find((v: { name: string }) => v.name === name)?.display;
    expect(named('sub_county_code')).toBe('Westlands (274)');
    expect(named('ward_code')).toBe('Kitisuru (1361)');
    expect(named('survey_type_code')).toMatch(/^Boundary .+ \(SV-BRE\)$/);
    const viewed = await get(officers.reviewer, deed.upload.url);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('image/png');
    expect(viewed.headers['content-disposition']).toMatch(/^inline/);
    expect((await get(officers.businessReviewer, deed.upload.url)).statusCode).toBe(403);
    expect(before.allowed).toEqual(['needs_info', 'rejected']);

    // Ask for more information: the citizen sees the reason and gets one SMS.
    const asked = await decide(
      officers.reviewer,
      no,
      'needs_info',
      'The title deed scan is unreadable: please upload a clearer one.',
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.json().status).toBe('needs_info');
    const mine = (await get(citizen, `/api/applications/${no}`)).json();
    expect(mine.history.at(-1)).toMatchObject({
      to_status: 'needs_info',
      note: 'The title deed scan is unreadable: please upload a clearer one.',
    });
    const texts = await sms(citizen.phoneNumber);
    expect(texts.filter((m) => m.includes(no) && m.includes('needs more information'))).toHaveLength(1);

    // The citizen answers with a new upload; everything else is kept.
    const newDeed = await uploadId(t, citizen.headers, 'clearer-deed.png');
    const answered = await post(citizen, `/api/applications/${no}/answer`, {
      values: { proofOfOwnership: newDeed },
      message: 'Here is a clearer scan.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'under_review' });
    expect(answered.json().values).toMatchObject({ proofOfOwnership: newDeed, lr_number: '209/10001' });
    expect((await post(citizen, `/api/applications/${no}/answer`, { values: {} })).statusCode).toBe(409);

    // Approve, then four eyes: the approver cannot issue; the reviewer issues.
    expect((await decide(officers.approver, no, 'approved', 'Boundary survey justified')).statusCode).toBe(
      200,
    );
    const selfIssue = await decide(officers.approver, no, 'issued', 'Issue');
    expect(selfIssue.statusCode).toBe(403);
    expect(selfIssue.json().message).toMatch(/four eyes/);
    const issued = await decide(officers.reviewer, no, 'issued', 'Survey report issued');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().history.map((h: { to_status: string }) => h.to_status)).toEqual([
      'submitted',
      'awaiting_payment',
      'under_review',
      'needs_info',
      'under_review',
      'approved',
      'issued',
    ]);
    expect(issued.json().history.at(-2).actor_name).toBe('Wanjiku Test');

    // The citizen's application carries the document; its PDF's QR code verifies.
    const detail = (await get(citizen, `/api/applications/${no}`)).json();
    expect(detail.document).toMatchObject({ number: no, status: 'issued' });
    const issuedSms = (await sms(citizen.phoneNumber)).filter((m) => m.includes(no) && m.includes('issued'));
    expect(issuedSms).toHaveLength(1);
    expect(issuedSms[0]).toContain(`Print it at ${detail.document.print_url}`);
    const pdfRes = await t.app.inject({ method: 'GET', url: pathAndQuery(detail.document.pdf_url) });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(pdfRes.rawPayload);
    expect(pdf.pages[0]).toContain('SURVEY REPORT');
    expect(pdf.pages[0]).toContain('209/10001');
    const qr = await pdf.decodeQr(1);
    expect(qr).toBe(detail.document.url);
    const code = new URL(detail.document.url).searchParams.get('code') ?? detail.document.url;
    const verified = (
      await t.app.inject({ method: 'GET', url: `/api/verify?code=${encodeURIComponent(code)}` })
    ).json();
    expect(verified.status).toBe('valid');

    // Its printable page (public, by its link: the id and a key the QR code does not hold)
    // shows what the PDF shows.
    const printUrl = new URL(detail.document.print_url);
    expect(printUrl.pathname).toBe('/downloads/official-letter');
    expect(printUrl.searchParams.get('id')).toBe(detail.document.id);
    const key = printUrl.searchParams.get('key')!;
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(code).not.toContain(key);
    const printable = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${detail.document.id}?key=${key}`,
    });
    expect(printable.statusCode).toBe(200);
    expect(printable.json()).toMatchObject({
      title: 'Survey report',
      number: no,
      state: 'valid',
      verify_url: detail.document.url,
      pdf_url: detail.document.pdf_url,
      print_url: detail.document.print_url,
    });
    expect(printable.json().facts).toContainEqual({ label: 'Parcel (LR number)', value: '209/10001' });
    expect(printable.json().body.join(' ')).toContain(`application ${no}`);
    expect(pdf.pages[0]).toContain(printable.json().short_code);
    // The id alone (what scanning the QR code gives), a wrong key, another id: not found.
    for (const url of [
      `/api/documents/${detail.document.id}`,
      `/api/documents/${detail.document.id}?key=${key.slice(1)}x`,
      `/api/documents/${detail.document.id}x?key=${key}`,
      `/api/documents/${detail.document.id}/pdf`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);

    // Revoked by an approver: E-Verify says so at once.
    const revoke = await post(officers.approver, `/api/staff/documents/${detail.document.id}/revoke`, {
      reason: 'Issued on a superseded plan',
    });
    expect(revoke.statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/verify?code=${encodeURIComponent(code)}` })
    ).json();
    expect(after.status).toBe('revoked');
    const revokedView = (
      await t.app.inject({ method: 'GET', url: `/api/documents/${detail.document.id}?key=${key}` })
    ).json();
    expect(revokedView).toMatchObject({ state: 'revoked', revocation_reason: 'Issued on a superseded plan' });
    expect(
      (
        await post(officers.reviewer, `/api/staff/documents/${detail.document.id}/revoke`, {
          reason: 'again',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a rejection tells the citizen why, by SMS, once', async () => {
    const no = await surveyUnderReview();
    expect(
      (await decide(officers.approver, no, 'rejected', 'The parcel is under a court order')).statusCode,
    ).toBe(200);
    const texts = (await sms(citizen.phoneNumber)).filter((m) => m.includes(no));
    expect(texts).toEqual([
      `County e-services: application ${no} was not approved. Reason: The parcel is under a court order`,
    ]);
  });
});

describe('revenue', () => {
  /** Paybill money whose account number matched no bill (as a confirmed C2B payment leaves it). */
  async function unmatched(amountCents: number, account = 'NCCB0000000') {
    const [row] = await t.database.db
      .insert(payments)
      .values({
        billNo: account,
        method: 'mpesa_c2b',
        status: 'paid',
        amountRequestedCents: amountCents,
        amountPaidCents: amountCents,
        phoneNumber: '254712345678',
        payerName: 'WANJIKU',
        mpesaReceiptNumber: `RK${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        resultCode: 0,
        completedAt: new Date(),
        unmatchedReason: 'unknown_bill',
      })
      .returning();
    return row!;
  }

  async function surveyAwaitingPayment() {
    const res = await post(citizen, '/api/applications', {
      service_id: 'land-survey',
      values: {
        lr_number: '209/10002',
        sub_county_code: '274',
        ward_code: '1361',
        survey_type_code: 'SV-BRE',
        purpose: 'Subdivision for sale',
        idCard: await uploadId(t, citizen.headers),
        proofOfOwnership: await uploadId(t, citizen.headers),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      application: { application_no: string };
      bill: { bill_no: string; total_cents: number };
    };
  }

  it('matches unmatched money to a bill exactly once: the bill is paid and the application moves on', async () => {
    const { application, bill } = await surveyAwaitingPayment();
    const payment = await unmatched(bill.total_cents);
    expect((await get(officers.reviewer, '/api/staff/revenue/unmatched')).statusCode).toBe(403);
    const list = (await get(officers.revenue, '/api/staff/revenue/unmatched')).json();
    expect(list.data.map((p: { payment_id: string }) => p.payment_id)).toContain(payment.id);
    const url = `/api/staff/revenue/unmatched/${payment.id}/match`;
    const matched = await post(officers.revenue, url, {
      bill_no: bill.bill_no.toLowerCase(),
      reason: 'Payer called: typo in the account',
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ bill_no: bill.bill_no, bill_status: 'paid' });
    const again = await post(officers.revenue, url, { bill_no: bill.bill_no, reason: 'twice' });
    expect(again.statusCode).toBe(409);
    const mine = (await get(citizen, `/api/applications/${application.application_no}`)).json();
    expect(mine.status).toBe('under_review');
    expect(mine.bill.paid_cents).toBe(bill.total_cents);
    const after = (await get(officers.revenue, '/api/staff/revenue/unmatched')).json();
    expect(after.data.map((p: { payment_id: string }) => p.payment_id)).not.toContain(payment.id);
  });

  it("refuses to match money to a bill of the officer's own account, as deciding one's own application is", async () => {
    const own = await t.database.db.transaction((tx) =>
      engine.bills.raise(tx, {
        userId: officers.revenue.id,
        description: 'Ground rent 2026',
        lines: [{ amount_cents: 40_000, description: 'Ground rent', parcel: null }],
        actor: { type: 'system' },
      }),
    );
    const payment = await unmatched(40_000);
    const res = await post(officers.revenue, `/api/staff/revenue/unmatched/${payment.id}/match`, {
      bill_no: own.bill_no,
      reason: 'The payer typed my bill number',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'You cannot match money to a bill of your own account: another revenue officer must do it.',
    );
    expect((await engine.bills.getForUser(officers.revenue.id, own.bill_no)).paid_cents).toBe(0);
    // Another revenue officer may.
    const second = await createOfficer(t, ['revenue']);
    const matched = await post(second, `/api/staff/revenue/unmatched/${payment.id}/match`, {
      bill_no: own.bill_no,
      reason: 'The payer typed the bill number wrongly',
    });
    expect(matched.json()).toMatchObject({ status: 'matched', bill_status: 'paid' });
  });

  it('a match above KES 10,000 waits for a second revenue officer, who confirms it (four eyes); a refused one is unmatched again', async () => {
    const bill = await t.database.db.transaction((tx) =>
      engine.bills.raise(tx, {
        userId: citizen.id,
        description: 'Reserved bays',
        lines: [{ amount_cents: 2_750_000, description: 'Reserved bay, a year', parcel: null }],
        actor: { type: 'system' },
      }),
    );
    const payment = await unmatched(2_750_000);
    const url = `/api/staff/revenue/unmatched/${payment.id}/match`;
    const proposed = await post(officers.revenue, url, { bill_no: bill.bill_no, reason: 'Payer called' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({
      status: 'awaiting_second_officer',
      bill_no: bill.bill_no,
      amount_cents: 2_750_000,
      bill_status: 'unpaid',
    });
    expect((await engine.bills.getForUser(citizen.id, bill.bill_no)).paid_cents).toBe(0);
    const list = (await get(officers.revenue, '/api/staff/revenue/unmatched')).json();
    expect(list.second_officer_above_cents).toBe(1_000_000);
    expect(list.data.find((p: { payment_id: string }) => p.payment_id === payment.id)).toMatchObject({
      proposal: { bill_no: bill.bill_no, proposed_by: officers.revenue.id, reason: 'Payer called' },
    });
    // Neither a second match nor the proposer's own confirmation.
    expect((await post(officers.revenue, url, { bill_no: bill.bill_no, reason: 'again' })).statusCode).toBe(
      409,
    );
    const own = await post(officers.revenue, `${url}/confirm`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You proposed this match: another revenue officer must confirm it (four eyes).',
    );

    // A second officer refuses it: unmatched again, and may be proposed afresh.
    const second = await createOfficer(t, ['revenue']);
    expect(
      (await post(second, `${url}/refuse`, { reason: 'Wrong bill: the payer named another' })).statusCode,
    ).toBe(200);
    expect((await post(second, `${url}/confirm`, {})).statusCode).toBe(409);
    expect(
      (await post(officers.revenue, url, { bill_no: bill.bill_no, reason: 'Checked again' })).json(),
    ).toMatchObject({
      status: 'awaiting_second_officer',
    });
    const confirmed = await post(second, `${url}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'matched',
      bill_status: 'paid',
      amount_cents: 2_750_000,
    });
    expect((await engine.bills.getForUser(citizen.id, bill.bill_no)).paid_cents).toBe(2_750_000);
    expect((await post(second, `${url}/confirm`, {})).statusCode).toBe(409);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment'), eq(auditLog.entityId, payment.id)))
      .orderBy(auditLog.id);
    // Each refusal (a second match, the proposer's own confirmation, a confirmation with nothing
    // waiting) is audited too (issue 36, item 17).
    expect(audit.map((a) => a.action)).toEqual([
      'match_proposed',
      'decision.refused',
      'decision.refused',
      'match_refused',
      'decision.refused',
      'match_proposed',
      'matched',
      'decision.refused',
    ]);
  });

  it('marks unmatched money for refund with a reason, once', async () => {
    const payment = await unmatched(50_000);
    const url = `/api/staff/revenue/unmatched/${payment.id}/refund`;
    expect((await post(officers.revenue, url, { reason: '' })).statusCode).toBe(400);
    expect(
      (await post(officers.revenue, url, { reason: 'No bill: the payer asked for the money back' }))
        .statusCode,
    ).toBe(200);
    expect((await post(officers.revenue, url, { reason: 'again' })).statusCode).toBe(409);
  });

  it('cancels an unpaid bill with a reason, and the application waiting for it', async () => {
    const { application, bill } = await surveyAwaitingPayment();
    const res = await post(officers.revenue, `/api/staff/bills/${bill.bill_no}/cancel`, {
      reason: 'Raised on the wrong parcel',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application_no).toBe(application.application_no);
    const mine = (await get(citizen, `/api/applications/${application.application_no}`)).json();
    expect(mine.status).toBe('cancelled');
    expect(mine.history.at(-1).note).toBe(`Bill ${bill.bill_no} cancelled: Raised on the wrong parcel`);
  });

  it('reports collections by day, area and sub-county whose totals equal the payments, on screen and as CSV', async () => {
    const today = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
    const report = (
      await get(officers.revenue, `/api/staff/revenue/collections?from=${today}&to=${today}`)
    ).json();
    const [sum] = await t.database.db
      .select({
        n: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(coalesce(${payments.amountPaidCents}, ${payments.amountRequestedCents})), 0)::bigint`,
      })
      .from(payments)
      .where(and(eq(payments.status, 'paid'), isNotNull(payments.appliedAt)));
    expect(report.total_cents).toBe(Number(sum!.cents));
    expect(report.total_payments).toBe(Number(sum!.n));
    expect(report.total_cents).toBeGreaterThan(0);
    expect(
      report.rows.find(
        (r: { area: string; sub_county: string }) => r.area === 'land' && r.sub_county === 'Westlands',
      ),
    ).toBeTruthy();
    const csv = await get(
      officers.revenue,
      `/api/staff/revenue/collections?from=${today}&to=${today}&format=csv`,
    );
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Date","Service area","Sub-county","Payments","Amount (KES)"');
    expect(lines.at(-1)).toBe(
      `"Total","","","${report.total_payments}","${(report.total_cents / 100).toFixed(2)}"`,
    );
    const reversed = await get(
      officers.revenue,
      `/api/staff/revenue/collections?from=${today}&to=2020-01-01`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      message: 'The end date must not be before the start date.',
      code: 'date_range_reversed',
    });
    const tooLong = await get(officers.revenue, `/api/staff/revenue/collections?from=2020-01-01&to=${today}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      message: 'Please choose at most one year.',
      code: 'date_range_too_long',
    });
  });
});

describe('the demo officers (README)', () => {
  it('each signs in with Kaunti#Staff2024 and has the role the README names', async () => {
    const expected = {
      '0700000101': 'reviewer',
      '0700000102': 'approver',
      '0700000103': 'revenue',
      '0700000104': 'admin',
      '0700000105': 'auditor',
      '0700000106': 'enforcement',
    };
    for (const [phone, role] of Object.entries(expected)) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: phone, password: 'Kaunti#Staff2024' },
      });
      expect(login.statusCode, phone).toBe(200);
      const officer = await t.database.db
        .select({ roles: officersTable.roles, areas: officersTable.areas })
        .from(officersTable)
        .innerJoin(users, eq(users.id, officersTable.userId))
        .where(eq(users.phoneNumber, `254${phone.slice(1)}`));
      expect(officer).toEqual([{ roles: [role], areas: ['*'] }]);
    }
  });
});

describe('officers and the audit log', () => {
  it('an administrator creates an officer, who must set their own password first; deactivation locks them out', async () => {
    const created = await post(officers.admin, '/api/staff/officers', {
      first_name: 'Njeri',
      sur_name: 'Wambui',
      phone_number: '0700000921',
      identifier: '30000921',
      email: 'njeri.wambui@nairobi.go.ke',
      roles: ['reviewer'],
      areas: ['land'],
      start_password: 'Start#Kaunti2026',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await post(officers.reviewer, '/api/staff/officers', {})).statusCode).toBe(403);
    const duplicate = await post(officers.admin, '/api/staff/officers', {
      first_name: 'Njeri',
      sur_name: 'Wambui',
      phone_number: '0700000921',
      identifier: '30000922',
      email: 'n.w@nairobi.go.ke',
      roles: ['reviewer'],
      areas: ['land'],
      start_password: 'Start#Kaunti2026',
    });
    expect(duplicate.statusCode).toBe(409);

    const newcomer = await createOfficer(t, ['reviewer'], ['land'], { mustSetPassword: true });
    const blocked = await get(newcomer, '/api/staff/applications');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('Please set your own password before you start.');
    expect((await get(newcomer, '/api/staff/me')).json().must_set_password).toBe(true);

    const id = created.json().id as string;
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/officers/${id}`,
      headers: officers.admin.headers,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/officers/${officers.admin.id}`,
      headers: officers.admin.headers,
      payload: { active: false },
    });
    expect(self.statusCode).toBe(403);
  });

  it("a deactivated officer cannot sign in to the back office, and keeps the citizen account (the citizen's sign-in)", async () => {
    const password = 'Start#Kaunti2026';
    const created = await post(officers.admin, '/api/staff/officers', {
      first_name: 'Akinyi',
      sur_name: 'Odera',
      phone_number: '0700000931',
      identifier: '30000931',
      email: 'akinyi.odera@nairobi.go.ke',
      roles: ['reviewer'],
      areas: ['land'],
      start_password: password,
    });
    expect(created.statusCode, created.body).toBe(201);
    const phone = '254700000931';
    const signIn = (url: string, pass = password) =>
      t.app.inject({ method: 'POST', url, payload: { username: '0700000931', password: pass } });
    const codeStep = async (login: { token: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        headers: { authorization: `Bearer ${login.token}` },
        payload: { otp: (await sms(phone))[0]!.match(/\b(\d{6})\b/)![1] },
      });
    // Active: the back office's door opens on to the code step.
    const active = await signIn('/api/staff/login');
    expect(active.statusCode, active.body).toBe(200);
    expect((await codeStep(active.json())).statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/staff/officers/${created.json().id}`,
      headers: officers.admin.headers,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    const sent = (await sms(phone)).length;
    const refused = await signIn('/api/staff/login');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message:
        'This account cannot sign in to the county back office. To use county services, sign in on the main sign-in page.',
      code: 'forbidden',
    });
    // No code was sent; a wrong password is told only that (nothing about the account).
    expect((await sms(phone)).length).toBe(sent);
    expect((await signIn('/api/staff/login', 'Wrong#Pass2026')).statusCode).toBe(401);

    // The person signs in as a citizen: their own services open, the back office does not.
    const citizenLogin = await signIn('/api/auth/login');
    expect(citizenLogin.statusCode).toBe(200);
    const verified = await codeStep(citizenLogin.json());
    expect(verified.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${verified.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/applications', headers })).statusCode).toBe(
      403,
    );
  });

  it("a citizen's right password does not open the back office's door either", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: '0712345678', password: 'Kaunti#Demo2024' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    const officer = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { username: '0700000102', password: 'Kaunti#Staff2024' },
    });
    expect(officer.statusCode, officer.body).toBe(200);
  });

  it('auditors read the audit log by officer; a reviewer cannot', async () => {
    const no = await surveyUnderReview();
    await decide(officers.approver, no, 'rejected', 'Duplicate of an earlier application');
    const log = await get(officers.auditor, `/api/staff/audit?officer_id=${officers.approver.id}`);
    expect(log.statusCode).toBe(200);
    const entry = log.json().data.find((e: { entity_id: string }) => e.entity_id === no);
    expect(entry).toMatchObject({
      action: 'status_changed',
      from_state: 'under_review',
      to_state: 'rejected',
    });
    expect((await get(officers.reviewer, '/api/staff/audit')).statusCode).toBe(403);
  });
});

describe('a rates clearance certificate certifies only what is true (issue 36, item 19)', () => {
  /** A clearance application for a parcel, its fee paid: under review. */
  async function clearanceUnderReview(applicant: TestUser, lr: string) {
    const res = await post(applicant, '/api/applications', {
      service_id: 'land-clearance',
      values: {
        lr_number: lr,
        current_land_use_code: 'RES',
        sub_county_code: '280',
        ward_code: '1393',
        clearance_purpose: 'transfer',
        proofOfOwnership: await uploadId(t, applicant.headers),
        idCard: await uploadId(t, applicant.headers),
        kraPinCert: await uploadId(t, applicant.headers),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { application, bill } = res.json();
    await t.database.db.transaction(async (tx) => {
      const paid = await engine.bills.applyPayment(tx, {
        billNo: bill.bill_no,
        amountCents: bill.balance_cents,
        actor: { type: 'mpesa' },
        reference: `QK${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      });
      if (paid.becamePaid) await engine.applications.onBillPaid(tx, bill.bill_no);
    });
    return application.application_no as string;
  }

  it("shows the register's owner, rates and land use beside the answers, and refuses approval while the parcel owes rates or is someone else's", async () => {
    // 209/10005 owes rates and is registered to someone else; the applicant only claims it.
    const claimant = await createSignedInUser(t);
    const claim = await post(claimant, '/api/lands/land_r/LinkLandParceltoCustomer', {
      lr_number: '209/10005',
    });
    expect(claim.statusCode).toBe(202);
    const no = await clearanceUnderReview(claimant, '209/10005');
    const view = (await get(officers.approver, `/api/staff/applications/${no}`)).json();
    const fact = (label: string) =>
      view.register.facts.find((f: { label: string }) => f.label === label)?.value as string;
    expect(fact('Registered owner')).toMatch(/\(.+\)$/);
    expect(fact('Land use in the register')).toEqual(expect.any(String));
    expect(fact('Arrears in the register')).toMatch(/^KES /);
    expect(fact('Held by the applicant')).toBe('No');
    const { year } = kenyaToday();
    expect(view.register.problems).toEqual([
      `The rates of parcel 209/10005 are not paid for ${year}.`,
      'The applicant does not hold parcel 209/10005: it is not linked to their account.',
    ]);
    const refused = await decide(officers.approver, no, 'approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(view.register.problems.join(' '));
    expect((await get(officers.approver, `/api/staff/applications/${no}`)).json().status).toBe(
      'under_review',
    );

    // Its registered owner, with the year's rates paid: approved.
    const [parcel] = await t.database.db.select().from(parcels).where(eq(parcels.lrNumber, '209/10006'));
    const owner = await createSignedInUser(t, { identifier: parcel!.ownerIdentifier });
    await t.database.db
      .update(parcels)
      .set({ arrearsCents: 0, ratesPaidYear: year })
      .where(eq(parcels.id, parcel!.id));
    const ok = await clearanceUnderReview(owner, '209/10006');
    const okView = (await get(officers.approver, `/api/staff/applications/${ok}`)).json();
    expect(okView.register.problems).toEqual([]);
    expect((await decide(officers.approver, ok, 'approved')).statusCode).toBe(200);
  });
});
