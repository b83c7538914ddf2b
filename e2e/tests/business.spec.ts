import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signInNewUser, signInThroughPages } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { decodeQr } from '../support/qr';

/** A Safaricom-style number whose last four digits are none of the simulator's magic endings. */
const successPhone = () => `07${randomInt(10, 99)}${randomInt(1000, 9999)}55`;

/** Pays the bill the page is on (/payment?bill=…) and waits for the money to be received. */
async function pay(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
}

/** Chooses a business activity in a searchable list: types in its search box, then picks it. */
async function chooseActivity(page: Page, entry: number, search: string, code: string) {
  const line = page.getByRole('region', { name: `Business line ${entry}` });
  await line.getByRole('searchbox', { name: /Search the business activity/ }).fill(search);
  const select = line.getByRole('combobox', { name: /Business activity/ });
  await expect(select.locator(`option[value="${code}"]`)).toHaveCount(1);
  await select.selectOption(code);
  return line;
}

test.describe('Business permits', () => {
  test('a unified permit with two business lines, from an empty form to the printed permit verified by its QR code', async ({
    page,
  }) => {
    const kraPin = `P0${randomInt(10_000_000, 99_999_999)}Q`;
    const name = `Tamu Tamu Eatery ${randomInt(100, 999)} Limited`;
    await signInNewUser(page);

    await page.goto('/trade-license/apply');
    await expect(page.getByRole('heading', { level: 2, name: 'Business' })).toBeVisible();
    // The business: nothing is found for a KRA PIN the county does not know; the fields are typed.
    await page.getByRole('textbox', { name: /KRA PIN or registration number/ }).fill(kraPin);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No business with that KRA PIN' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Business name/ }).fill(name);
    await page.getByRole('textbox', { name: /^KRA PIN of the business/ }).fill(kraPin);
    await page.getByRole('textbox', { name: /^Postal address/ }).fill('P.O. Box 10120');
    await page.getByRole('combobox', { name: /^Postal code/ }).selectOption('00100');
    await page.getByRole('textbox', { name: /^Business phone number/ }).fill('0712000222');
    await page.getByRole('textbox', { name: /^Contact person/ }).fill('Mwanajuma Ali');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'business-ubp-business');
    await page.getByRole('button', { name: 'Next' }).click();

    // Two business lines, each found by searching.
    await expect(page.getByRole('heading', { level: 2, name: 'Business lines' })).toBeVisible();
    const first = await chooseActivity(page, 1, 'restaurant', '505');
    await first.getByRole('combobox', { name: /Business size/ }).selectOption('small');
    await page.getByRole('button', { name: 'Add another business line' }).click();
    const second = await chooseActivity(page, 2, '61', '615');
    await second.getByRole('combobox', { name: /Business size/ }).selectOption('medium');
    // A search in the first line for something else keeps its choice.
    await first.getByRole('searchbox').fill('bank');
    await expect(first.getByRole('combobox', { name: /Business activity/ })).toHaveValue('505');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'business-ubp-lines');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Premises' })).toBeVisible();
    await page.getByRole('combobox', { name: /Where do you trade/ }).selectOption('premises');
    await page.getByRole('combobox', { name: /^Sub-county/ }).selectOption({ label: 'Starehe' });
    await page.getByRole('combobox', { name: /^Ward/ }).selectOption({ label: 'Nairobi Central' });
    await page.getByRole('textbox', { name: /^Road or street/ }).fill('Tom Mboya Street');
    await page.getByRole('textbox', { name: /^Building/ }).fill('Ambassadeur House');
    await page.getByRole('button', { name: 'Next' }).click();

    // Check your answers, with the fee line by line before Finish.
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(page.getByText('Business permit: Restaurant or eating house (small)')).toBeVisible();
    await expect(page.getByText('Fire safety inspection: Information technology company')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('heading', { name: 'Trade licence application submitted successfully' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Pay now' }).click();
    await pay(page);

    // Issued on payment: on /permits, printable, and its QR code verifies.
    await page.goto('/permits');
    const card = page.getByTestId('permit-card').filter({ hasText: name });
    await expect(card).toContainText('Active');
    await expect(card.getByRole('button', { name: /Renew/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'business-permits');
    await card.getByRole('link', { name: /^Print permit/ }).click();
    await expect(page).toHaveURL(/\/downloads\/ubp\?id=/);
    await expect(page.getByText('UNIFIED BUSINESS PERMIT', { exact: false }).first()).toBeVisible();
    const lines = page.getByRole('table', { name: 'Business lines' });
    await expect(lines.getByRole('row')).toHaveCount(3);
    await expect(lines).toContainText('Restaurant or eating house');
    await expect(lines).toContainText('Information technology company');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'business-ubp-printed');
    const verifyUrl = await decodeQr(page, /QR/);
    await page.goto(verifyUrl);
    const result = page.getByTestId('verify-result');
    await expect(result.getByRole('heading', { level: 2, name: 'Genuine document' })).toBeVisible();
  });

  // The demo citizen's two permits up for renewal: one about to expire, one expired. Each test
  // renews its own (the tests share one database).
  const RENEWALS = [
    { business: 'Unified Business Permit (Trade Licence): Savannah Fresh Foods Limited', state: 'Expiring' },
    { business: 'Single Business Permit: Baraka Hardware and Building Supplies', state: 'Expired' },
  ];
  for (const { business, state } of RENEWALS) {
    test(`the demo citizen renews a permit (${state}) from /permits: its bill is paid and the new permit follows the old`, async ({
      page,
    }) => {
      // /permits is protected: the guard sends a visitor to sign in, then back.
      await page.goto('/permits');
      await expect(page).toHaveURL(/\/login/);
      await signInThroughPages(page, '0712345678', 'Kaunti#Demo2024');
      await expect(page).toHaveURL(/\/permits$/);
      const card = page.getByTestId('permit-card').filter({ hasText: business }).filter({ hasText: state });
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: /^Renew and pay/ }).click();
      await expect(page).toHaveURL(/\/payment\?bill=/);
      await pay(page);
      await page.goto('/permits');
      const renewed = page.getByTestId('permit-card').filter({ hasText: business });
      await expect(renewed.filter({ hasText: 'Renewed' })).toHaveCount(1);
      await expect(renewed.filter({ hasText: 'Active' })).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});
