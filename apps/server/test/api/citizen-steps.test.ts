import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * What the citizen is told and charged at each step of an application (issue 36): an SMS when
 * their payment is received, when it is approved and when its document is issued, whoever
 * moved it (item 25).
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`citizen-steps-secret-${randomUUID()}`));
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
