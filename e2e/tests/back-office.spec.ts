import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
// A link's path and query: the e2e server's public URL is this origin.
import { pathAndQuery as local } from '../../apps/server/test/support/links';
import { readPdf } from '../../apps/server/test/support/pdf';
import {
  lastSmsId,
  latestOtp,
  STAFF_PASSWORD,
  signUpThroughApi,
  staffToken,
  useToken,
} from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { pngFile } from '../support/upload-files';

/**
 * The back office, end to end (issue 11): a citizen's land survey, paid through the M-Pesa
 * simulator, is asked for more information by a reviewer, answered on the citizen's page,
 * approved by an approver, issued by the reviewer (four eyes), its PDF's QR code verified on
 * E-Verify, then revoked. Each browser project works on its own application.
 */

const REVIEWER = '0700000101';
const APPROVER = '0700000102';
const ADMIN = '0700000104';
/** Officers who may read the queue, one per project, for the accessibility check. */
const QUEUE_READER = { 'desktop-1280': '0700000105', 'phone-360': '0700000103' } as Record<string, string>;

/** The path and query of a link (the e2e server's public URL may name another host). */
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Signs an officer in through /staff/login: password, then the code from the outbox. Each test
 * and browser project signs in as officers no other running test uses (a shared phone's codes
 * would cross).
 */
async function staffSignIn(page: Page, phone: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { level: 1, name: "County officers' sign-in" })).toBeVisible();
  const full = `254${phone.slice(1)}`;
  const before = await lastSmsId(page.request, full);
  await page.getByRole('textbox', { name: /Phone number or ID number/ }).fill(phone);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await page
    .getByRole('textbox', { name: /^Code/ })
    .fill(await latestOtp(page.request, full, { after: before }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

/**
 * A new officer made by the demo administrator (as a county would), who then sets their own
 * password: the phone project's officers, so the two projects never share one.
 */
async function newOfficer(request: APIRequestContext, admin: string, role: string) {
  const n = randomInt(10_000_000, 99_999_999);
  const phone = `07${String(n).slice(0, 8)}`;
  const start = 'Start#Kaunti2026';
  const created = await request.post('/api/staff/officers', {
    headers: bearer(admin),
    data: {
      first_name: 'Njeri',
      sur_name: `Officer${n}`,
      phone_number: phone,
      identifier: String(n),
      email: `officer${n}@nairobi.go.ke`,
      roles: [role],
      areas: ['land'],
      start_password: start,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const password = `Own#Pass${n}`;
  const set = await request.post('/api/staff/password', {
    headers: bearer(await staffToken(request, phone, start)),
    data: { current_password: start, new_password: password },
  });
  expect(set.status(), await set.text()).toBe(200);
  return { phone, password };
}

async function upload(request: APIRequestContext, token: string, name: string): Promise<string> {
  const file = pngFile(name);
  const res = await request.post('/api/uploads', {
    headers: bearer(token),
    multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

test.describe('The back office', { tag: '@desktop' }, () => {
  test('land survey: paid, more information asked and answered, approved, issued (four eyes), verified, revoked', async ({
    page,
    browser,
  }, testInfo) => {
    // Four officers sign in, a citizen pays, a PDF is read twice: more than the default minute.
    test.setTimeout(180_000);
    // The citizen applies and pays through the API (the wizard and payments have their own tests).
    const citizen = await signUpThroughApi(page.request);
    const submitted = await page.request.post('/api/applications', {
      headers: bearer(citizen.token),
      data: {
        service_id: 'land-survey',
        values: {
          lr_number: '209/10011',
          sub_county_code: '274',
          ward_code: '1361',
          survey_type_code: 'SV-BRE',
          purpose: `Boundary dispute (${testInfo.project.name})`,
          idCard: await upload(page.request, citizen.token, 'id.png'),
          proofOfOwnership: await upload(page.request, citizen.token, 'deed.png'),
        },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const { application, bill } = await submitted.json();
    const no = application.application_no as string;
    const push = await page.request.post('/api/payments/mpesa/stk-push', {
      headers: { ...bearer(citizen.token), 'idempotency-key': `e2e-${no}` },
      data: { bill_no: bill.bill_no, phone_number: `07${randomInt(10, 99)}${randomInt(1000, 9999)}55` },
    });
    expect(push.status(), await push.text()).toBe(200);
    const paymentId = (await push.json()).payment_id as string;
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/payments/${paymentId}`, { headers: bearer(citizen.token) })
            ).json()
          ).status,
        { timeout: 20_000 },
      )
      .toBe('paid');

    // The officers: the demo ones on the desktop; on the phone, ones the administrator makes.
    const phoneProject = testInfo.project.name.startsWith('phone');
    const admin = phoneProject ? await staffToken(page.request, ADMIN) : '';
    const reviewerLogin = phoneProject
      ? await newOfficer(page.request, admin, 'reviewer')
      : { phone: REVIEWER, password: STAFF_PASSWORD };
    const approverLogin = phoneProject
      ? await newOfficer(page.request, admin, 'approver')
      : { phone: APPROVER, password: STAFF_PASSWORD };

    // The reviewer finds it in the queue and asks for more information.
    const reviewer = await browser.newContext({
      viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    });
    const officer = await reviewer.newPage();
    await staffSignIn(officer, reviewerLogin.phone, reviewerLogin.password);
    await officer.getByRole('searchbox', { name: 'Find an application' }).fill(no);
    await officer.getByRole('button', { name: 'Find' }).click();
    await officer.getByRole('link', { name: no }).click();
    await expect(officer.getByRole('heading', { level: 1, name: `Land Survey: ${no}` })).toBeVisible();
    await expect(officer.getByText('Westlands (274)')).toBeVisible();
    await officer.getByRole('button', { name: 'View Proof of ownership (e.g. title deed)' }).click();
    await expect(officer.getByRole('img', { name: 'Proof of ownership (e.g. title deed)' })).toBeVisible();
    await expectNoAxeViolations(officer);
    await expectNoHorizontalScroll(officer);
    await screenshot(officer, 'staff-application');
    await officer.getByLabel('Ask the applicant for more information').check();
    await officer
      .getByLabel(/^Reason/)
      .fill('The title deed scan is unreadable: please upload a clearer one.');
    await officer.getByRole('button', { name: 'Record the decision' }).click();
    await expect(officer.getByText('More information asked for')).toBeVisible();

    // The citizen sees the request on their applications page and answers it.
    await useToken(page, citizen.token);
    await page.goto('/account/service-applications');
    await expect(
      page.getByText('The title deed scan is unreadable: please upload a clearer one.'),
    ).toBeVisible();
    const file = pngFile('clearer-deed.png');
    await page.getByLabel('Proof of ownership (e.g. title deed)').setInputFiles(file);
    await expect(page.getByText('New file: clearer-deed.png')).toBeVisible();
    await page.getByLabel('Your note to the officer (optional)').fill('Here is a clearer scan.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await expect(page.getByText('Your answer has been sent').first()).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: no });
    await expect(item.getByText('Under review')).toBeVisible();

    // Another officer approves (four eyes: the approver may not issue it).
    const approver = await staffToken(page.request, approverLogin.phone, approverLogin.password);
    const approved = await page.request.post(`/api/staff/applications/${no}/status`, {
      headers: bearer(approver),
      data: { status: 'approved', reason: 'Boundary survey justified' },
    });
    expect(approved.status(), await approved.text()).toBe(200);
    expect((await approved.json()).allowed).not.toContain('issued');

    // The reviewer issues it.
    await officer.reload();
    await officer.getByLabel('Issue the document').check();
    // Issuing asks no reason (only a request for information, a rejection or a revocation does).
    await expect(officer.getByLabel(/^Reason/)).toHaveCount(0);
    await officer.getByRole('button', { name: 'Record the decision' }).click();
    await expect(officer.getByText('Issued: the document is ready')).toBeVisible();
    // The application page with its bill paid, the survey type by its name, and the document.
    await expect(officer.getByText('Boundary re-establishment (SV-BRE)')).toBeVisible();
    await expect(officer.getByRole('link', { name: 'Open the printable document' })).toBeVisible();
    await expectNoAxeViolations(officer);
    await expectNoHorizontalScroll(officer);
    await reviewer.close();

    // The citizen downloads the document; its QR code verifies on E-Verify.
    await page.goto('/account/service-applications');
    const download = page.getByRole('link', { name: `Download the document ${no}` });
    await expect(download).toBeVisible();
    const pdf = await page.request.get(local((await download.getAttribute('href'))!));
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const read = await readPdf(await pdf.body());
    expect(read.pages[0]).toContain('SURVEY REPORT');
    const qr = await read.decodeQr(1);
    expect(qr).toBeTruthy();
    await page.goto(local(qr!));
    const verdict = page.getByTestId('verify-result');
    await expect(verdict.getByRole('heading', { level: 2, name: 'Genuine document' })).toBeVisible();
    await expect(verdict).toContainText(no);

    // Its printable page (/downloads/official-letter?id=...) shows the same document, with the
    // short code the PDF prints; it passes axe and fits the screen.
    const issuedDocument = (
      await (await page.request.get(`/api/applications/${no}`, { headers: bearer(citizen.token) })).json()
    ).document as { id: string; print_url: string };
    const documentId = issuedDocument.id;
    await page.goto('/account/service-applications');
    await page.getByRole('link', { name: `Print the document ${no}` }).click();
    await expect(page).toHaveURL(/\/downloads\/official-letter\?id=/);
    const printable = page.getByTestId('issued-document');
    await expect(printable.getByRole('heading', { level: 1, name: 'Survey report' })).toBeVisible();
    await expect(printable).toContainText(`No. ${no}`);
    const shortCode = (await printable.getByTestId('short-code').textContent())!.trim();
    expect(read.pages[0]).toContain(shortCode);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'issued-document');

    // Revoked by the approver on the application's page: E-Verify says so at once.
    const approverContext = await browser.newContext({
      viewport: page.viewportSize() ?? { width: 1280, height: 800 },
    });
    const approverPage = await approverContext.newPage();
    await staffSignIn(approverPage, approverLogin.phone, approverLogin.password);
    await approverPage.goto(`/staff/applications/${no}`);
    const revoke = approverPage.getByRole('region', { name: 'Revoke the document' });
    await revoke.getByLabel(/^Reason/).fill('Issued on a superseded plan');
    await revoke.getByRole('button', { name: 'Revoke the document' }).click();
    await expect(approverPage.getByText('The document is revoked')).toBeVisible();
    await expect(approverPage.getByText(`${no} · Revoked`)).toBeVisible();
    await expectNoAxeViolations(approverPage);
    await screenshot(approverPage, 'staff-application-revoked');
    await approverContext.close();
    const after = await page.request.get(`/api/applications/${no}`, { headers: bearer(citizen.token) });
    expect((await after.json()).document).toMatchObject({ id: documentId, status: 'revoked' });
    await page.goto(local(qr!));
    await expect(verdict.getByRole('heading', { level: 2, name: 'Revoked' })).toBeVisible();
    await page.goto(local(issuedDocument.print_url));
    await expect(page.getByText('This document has been revoked')).toBeVisible();
    await expect(page.getByTestId('document-stamp')).toHaveText('REVOKED');
  });

  test('the queue and the sign-in are accessible and fit the screen', async ({ page }, testInfo) => {
    await page.goto('/staff/login');
    await expect(page.getByRole('heading', { level: 1, name: "County officers' sign-in" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await staffSignIn(page, QUEUE_READER[testInfo.project.name] ?? REVIEWER);
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'staff-queue');
    // The pages of the signed-in officer's role: the audit log (auditor), revenue (revenue officer).
    const other =
      testInfo.project.name === 'phone-360'
        ? { link: 'Revenue', heading: 'Revenue' }
        : { link: 'Audit log', heading: 'Audit log' };
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: other.link })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: other.heading })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'staff-role-page');
  });

  test('a citizen who opens /staff is told it is for county officers', async ({ page }) => {
    const citizen = await signUpThroughApi(page.request);
    await useToken(page, citizen.token);
    await page.goto('/staff');
    await expect(page.getByText('This part is for county officers')).toBeVisible();
  });
});
