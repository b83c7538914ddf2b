import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { approveAndIssue, checkPage, successPhone } from '../support/flow';
import { E2E_BASE_URL } from '../support/ports';
import { decodeQr } from '../support/qr';

/**
 * Health services in the browser (issue 38), at a phone's width and a desktop's: the food
 * handlers' medical certificate for three people, typed into an empty form (the repeating group's
 * "Add another food handler"), paid through the M-Pesa simulator, approved and issued by the demo
 * officers (four eyes, through the API), then the printed certificate listing the three and its QR
 * code verified on E-Verify. Each project applies from its own new account.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The next weekday after today in Nairobi (the examination's day: within the next 30 days). */
function nextWeekday(): string {
  const day = new Date(Date.now() + 3 * 3_600_000);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

const HANDLERS = [
  { name: 'Akinyi Atieno Odhiambo', id: '30126554', phone: '0722000111', born: '1994-03-12' },
  { name: 'Kiprono Kipchoge Rotich', id: '28771903', phone: '0733456789', born: '1989-11-02' },
  { name: 'Fatuma Hassan Abdi', id: '34502218', phone: '0711987654', born: '2001-06-25' },
];

test.describe('Health services', () => {
  test('food handlers: three people from an empty form, paid, approved and issued, the printed certificate and its QR verified @desktop', async ({
    page,
  }) => {
    const citizen = await signInNewUser(page);
    const business = `Mama Oliech Restaurant ${randomInt(100, 999)}`;

    await page.goto('/food-handlers-certificate');
    await expect(page.getByRole('heading', { level: 2, name: 'Place of work' })).toBeVisible();
    await page
      .getByRole('combobox', { name: /^Who is applying/ })
      .selectOption({ label: 'An employer, for its food handlers' });
    await page.getByRole('textbox', { name: /^Name of the food business/ }).fill(business);
    await page
      .getByRole('textbox', { name: /^Location of the premises/ })
      .fill('Marcus Garvey House, Marcus Garvey Road, Kilimani');
    await checkPage(page, 'food-handlers-place');
    await page.getByRole('button', { name: 'Next' }).click();

    // Three handlers: the first entry is there, the others added with "Add another food handler".
    await expect(page.getByRole('heading', { level: 2, name: 'Food handlers' })).toBeVisible();
    for (const [i, handler] of HANDLERS.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add another food handler' }).click();
      const entry = page.getByRole('region', { name: `Food handler ${i + 1}` });
      await entry.getByRole('textbox', { name: /^Full name/ }).fill(handler.name);
      await entry.getByRole('textbox', { name: /^ID number/ }).fill(handler.id);
      await entry.getByRole('textbox', { name: /^Phone number/ }).fill(handler.phone);
      await entry.getByLabel(/^Date of birth/).fill(handler.born);
    }
    await checkPage(page, 'food-handlers-handlers');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Examination' })).toBeVisible();
    await page
      .getByRole('combobox', { name: /^Clinic/ })
      .selectOption({ label: 'City Hall Clinic, City Hall Way' });
    await page.getByLabel(/^Date of the examination/).fill(nextWeekday());
    // KES 1,000 a food handler, three handlers.
    await expect(page.getByText('KES 3,000.00').first()).toBeVisible();
    await checkPage(page, 'food-handlers-examination');
    await page.getByRole('button', { name: 'Finish' }).click();

    const result = page.getByRole('status').filter({ hasText: 'Your application number is' });
    await expect(
      result.getByRole('heading', { name: "Food handlers' certificate application submitted successfully" }),
    ).toBeVisible();
    await expect(result).toContainText('KES 3,000.00');
    const applicationNo = (await result.locator('strong').first().textContent())!.trim();
    expect(applicationNo).toMatch(/^FHM/);
    await checkPage(page, 'food-handlers-submitted');
    await result.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(/\/payment\?bill=/);
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
    await checkPage(page, 'food-handlers-payment');
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });

    // Paid, it waits for the clinic's officers.
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
    await approveAndIssue(page.request, applicationNo, 'Stool, urine and chest examinations clear');

    // Issued: printed from the applicant's list of applications.
    await page.goto('/account/service-applications');
    const item = page.getByRole('listitem').filter({ hasText: applicationNo });
    await expect(item.getByText('Issued')).toBeVisible();
    await checkPage(page, 'food-handlers-applications');
    await item.getByRole('link', { name: `Print the document ${applicationNo}` }).click();

    await expect(page).toHaveURL(/\/downloads\/health-certificate\?id=/);
    const certificate = page.getByTestId('issued-document');
    await expect(
      certificate.getByRole('heading', { level: 1, name: "Food Handlers' Medical Certificate" }),
    ).toBeVisible();
    await expect(certificate).toContainText(business);
    await expect(certificate).toContainText('City Hall Clinic');
    const table = certificate.getByRole('table', { name: 'Food handlers examined' });
    await expect(table.getByRole('row')).toHaveCount(1 + HANDLERS.length);
    for (const handler of HANDLERS) {
      await expect(table.getByRole('row').filter({ hasText: handler.name })).toContainText(handler.id);
    }
    await checkPage(page, 'food-handlers-certificate');

    const verifyUrl = await decodeQr(page, /QR/);
    expect(verifyUrl.startsWith(`${E2E_BASE_URL}/e-verify?code=`)).toBe(true);
    await page.goto(verifyUrl);
    const verdict = page.getByTestId('verify-result');
    await expect(verdict.getByRole('heading', { level: 2, name: 'Genuine document' })).toBeVisible();
    await expect(verdict).toContainText(applicationNo);
    await checkPage(page, 'food-handlers-verified');
  });
});
