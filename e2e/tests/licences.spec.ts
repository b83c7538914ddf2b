import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { approveAndIssue, checkPage, successPhone } from '../support/flow';
import { E2E_BASE_URL } from '../support/ports';
import { decodeQr } from '../support/qr';
import { pdfFile } from '../support/upload-files';

/**
 * Licences in the browser (issue 39), at a phone's width and a desktop's: an outdoor advertising
 * permit for two billboards, typed into an empty form (the structures' "Add another structure"),
 * paid through the M-Pesa simulator, approved and issued by the demo officers (four eyes, through
 * the API), then the printed permit with its table of signs and its QR code verified on E-Verify.
 * Each project applies from its own new account.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const BILLBOARDS = [
  { size: '28', faces: '2', road: 'Uhuru Highway', position: '200 m after Nyayo Stadium, facing the city' },
  { size: '12', faces: '1', road: 'Kenyatta Avenue', position: 'On the corner with Moi Avenue' },
];

test.describe('Licences', () => {
  test('outdoor advertising: two billboards from an empty form, paid, approved and issued, the printed permit with its table of signs and its QR verified @desktop', async ({
    page,
  }) => {
    const citizen = await signInNewUser(page);
    const advertiser = `Kilimani Outdoor Media ${randomInt(100, 999)} Limited`;

    await page.goto('/outdoor-advertisement');
    await expect(page.getByRole('heading', { level: 2, name: 'Advertiser' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name of the advertiser/ }).fill(advertiser);
    await page.getByRole('textbox', { name: /^KRA PIN of the advertiser/ }).fill('P051365947M');
    await page.getByRole('textbox', { name: /^Phone number/ }).fill('0722445566');
    await checkPage(page, 'outdoor-advertising-advertiser');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Site' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Sub-county/ }).selectOption({ label: 'Starehe' });
    await page.getByRole('combobox', { name: /^Ward/ }).selectOption({ label: 'Nairobi Central' });
    await page
      .getByRole('combobox', { name: /^Advertising zone/ })
      .selectOption({ label: 'Zone A: the Central Business District and Upper Hill' });
    const sitePlan = pdfFile('site-plan.pdf', 'Site plan of two billboards');
    await page.getByLabel(/^Site plan showing every structure/).setInputFiles(sitePlan);
    await expect(page.getByText(sitePlan.name, { exact: true })).toBeVisible();
    await checkPage(page, 'outdoor-advertising-site');
    await page.getByRole('button', { name: 'Next' }).click();

    // Two billboards: the first entry is there, the second added with "Add another structure".
    await expect(page.getByRole('heading', { level: 2, name: 'Structures' })).toBeVisible();
    for (const [i, sign] of BILLBOARDS.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add another structure' }).click();
      const entry = page.getByRole('region', { name: `Structure ${i + 1}` });
      await entry.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Billboard' });
      await entry.getByRole('textbox', { name: /^Size of each face/ }).fill(sign.size);
      await entry.getByRole('textbox', { name: /^Faces/ }).fill(sign.faces);
      await entry.getByRole('textbox', { name: /^Road/ }).fill(sign.road);
      await entry.getByRole('textbox', { name: /^Position/ }).fill(sign.position);
    }
    await checkPage(page, 'outdoor-advertising-structures');
    await page.getByRole('button', { name: 'Next' }).click();

    // KES 2,000 per m² a year for a billboard in zone A: 28 m² × 2 faces + 12 m² × 1 face = 68 m².
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(page.getByText('KES 136,000.00').first()).toBeVisible();
    await checkPage(page, 'outdoor-advertising-check');
    await page.getByRole('button', { name: 'Finish' }).click();

    const result = page.getByRole('status').filter({ hasText: 'Your application number is' });
    await expect(
      result.getByRole('heading', { name: 'Outdoor advertising application submitted successfully' }),
    ).toBeVisible();
    await expect(result).toContainText('KES 136,000.00');
    const applicationNo = (await result.locator('strong').first().textContent())!.trim();
    expect(applicationNo).toMatch(/^OAD/);
    await result.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(/\/payment\?bill=/);
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
    await checkPage(page, 'outdoor-advertising-paid');

    // Paid, it waits for the advertising officers.
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/applications/${applicationNo}`, { headers: bearer(citizen.token) })
            ).json()
          ).status,
        { timeout: 20_000 },
      )
      .toBe('under_review');
    await approveAndIssue(
      page.request,
      applicationNo,
      'Site inspected: the structures stand as on the site plan',
    );

    // Issued: printed from the applicant's list of applications.
    await page.goto('/account/service-applications');
    const item = page.getByRole('listitem').filter({ hasText: applicationNo });
    await expect(item.getByText('Issued')).toBeVisible();
    await item.getByRole('link', { name: `Print the document ${applicationNo}` }).click();

    await expect(page).toHaveURL(/\/downloads\/outdoor-advertising\?id=/);
    const permit = page.getByTestId('issued-document');
    await expect(permit.getByRole('heading', { level: 1, name: 'Outdoor Advertising Permit' })).toBeVisible();
    await expect(permit).toContainText(advertiser);
    const signs = permit.getByRole('table', { name: 'Advertising structures' });
    await expect(signs.getByRole('row')).toHaveCount(1 + BILLBOARDS.length);
    for (const sign of BILLBOARDS) {
      const row = signs.getByRole('row').filter({ hasText: sign.road });
      await expect(row).toContainText('Billboard');
      await expect(row).toContainText(sign.position);
    }
    await checkPage(page, 'outdoor-advertising-permit');

    const verifyUrl = await decodeQr(page, /QR/);
    expect(verifyUrl.startsWith(`${E2E_BASE_URL}/e-verify?code=`)).toBe(true);
    await page.goto(verifyUrl);
    const verdict = page.getByTestId('verify-result');
    await expect(verdict.getByRole('heading', { level: 2, name: 'Genuine document' })).toBeVisible();
    await expect(verdict).toContainText(applicationNo);
    await checkPage(page, 'outdoor-advertising-verified');
  });
});
