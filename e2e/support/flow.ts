import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signUpThroughApi, staffToken } from './accounts';
import { expectNoAxeViolations } from './axe';
import { expectNoHorizontalScroll, screenshot } from './page';
import { pngFile } from './upload-files';

/** A Safaricom-style number whose last four digits are none of the simulator's magic endings. */
export const successPhone = () =>
  `07${10 + Math.floor(Math.random() * 90)}${1000 + Math.floor(Math.random() * 9000)}55`;

/** A page as every journey checks it: axe-core clean, no sideways scroll, and its screenshot. */
export async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, name);
}

/** The demo approver (0700000102) approves, the demo reviewer (0700000101) issues: four eyes, through the API. */
export async function approveAndIssue(
  request: APIRequestContext,
  applicationNo: string,
  reason: string,
): Promise<void> {
  for (const [officer, status] of [
    ['0700000102', 'approved'],
    ['0700000101', 'issued'],
  ] as const) {
    const decided = await request.post(`/api/staff/applications/${applicationNo}/status`, {
      headers: { authorization: `Bearer ${await staffToken(request, officer)}` },
      data: { status, reason },
    });
    expect(decided.status(), await decided.text()).toBe(200);
  }
}

/**
 * An outdoor event whose permit is issued: a new organiser applies with the service's published
 * example (each upload a one-pixel PNG), pays through the simulator, and the demo approver's
 * approval issues the permit (workflow "pay-then-approve"). Answers the permit's document id: its
 * public page is /social/event/{id}.
 */
export async function issuedEventId(request: APIRequestContext): Promise<string> {
  const organiser = await signUpThroughApi(request);
  const headers = { authorization: `Bearer ${organiser.token}` };
  const open = (await (await request.get('/api/catalogue/services/outdoor-events')).json()) as {
    steps: { fields: { name: string; kind: string }[] }[];
    example: Record<string, unknown>;
  };
  const values = { ...open.example };
  for (const field of open.steps.flatMap((s) => s.fields).filter((f) => f.kind === 'file')) {
    if (!(field.name in values)) continue;
    const file = pngFile(`${field.name}.png`);
    const uploaded = await request.post('/api/uploads', { headers, multipart: { file } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    values[field.name] = (await uploaded.json()).id;
  }
  const submitted = await request.post('/api/applications', {
    headers,
    data: { service_id: 'outdoor-events', values },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { application, bill } = await submitted.json();
  const push = await request.post('/api/payments/mpesa/stk-push', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { bill_no: bill.bill_no, phone_number: successPhone() },
  });
  expect(push.status(), await push.text()).toBe(200);
  const detail = async () =>
    (await (await request.get(`/api/applications/${application.application_no}`, { headers })).json()) as {
      status: string;
      document?: { id: string };
    };
  await expect.poll(async () => (await detail()).status, { timeout: 30_000 }).toBe('under_review');
  const approved = await request.post(`/api/staff/applications/${application.application_no}/status`, {
    headers: { authorization: `Bearer ${await staffToken(request, '0700000102')}` },
    data: { status: 'approved', reason: 'Checked against the venue booking' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const issued = await detail();
  expect(issued.status).toBe('issued');
  return issued.document!.id;
}
