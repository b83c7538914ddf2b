import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { staffToken } from './accounts';
import { expectNoAxeViolations } from './axe';
import { expectNoHorizontalScroll, screenshot } from './page';

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
