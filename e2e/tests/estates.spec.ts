import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { staffToken, useToken } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';

/**
 * County estates in the browser (issue 40), at a phone's width and a desktop's: a tenant pays
 * three months of county rent from /county-rent and sees the balance and the rent statement
 * change on /properties. The two projects run at once on one database, so each has its own
 * demo tenant and tenancy (never a shared bill): on the phone Wanjiku (0712345678), whose Kaloleni
 * house is three months in arrears, pays her balance; on the desktop Otieno (0722334455), who
 * owes this month of his Jericho house, pays it and two months ahead.
 */

const DEMO_PASSWORD = 'Kaunti#Demo2024';
const TENANTS: Record<string, { phone: string; tenancyNo: string }> = {
  'phone-360': { phone: '0712345678', tenancyNo: 'NCC-KAL-0114' },
  'desktop-1280': { phone: '0722334455', tenancyNo: 'NCC-JER-0207' },
};

/** A Safaricom-style number whose last four digits are none of the simulator's magic endings. */
const successPhone = () => `07${randomInt(10, 99)}${randomInt(1000, 9999)}55`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** "KES 11,025.00" → 1102500. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const kes = (amount: number) =>
  `KES ${(amount / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "November 2026", 2 → "January 2027". */
function monthsAfter(month: string, count: number): string {
  const date = new Date(`1 ${month} 12:00 UTC`);
  date.setUTCMonth(date.getUTCMonth() + count);
  return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

interface Tenancy {
  tenancy_no: string;
  monthly_rent_cents: number;
  balance_cents: number;
  months_in_arrears: number;
}

async function tenancyOf(request: APIRequestContext, token: string, tenancyNo: string): Promise<Tenancy> {
  const res = await request.get('/api/estates/tenancies', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const found = ((await res.json()).data as Tenancy[]).find((t) => t.tenancy_no === tenancyNo);
  expect(found, `tenancy ${tenancyNo} on the account`).toBeTruthy();
  return found!;
}

/** The statement's months: each row's rent, penalty and paid amounts in cents. */
async function statementOf(table: Locator) {
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return Promise.all(
    (await rows.all()).map(async (row) => {
      const [rent = Number.NaN, penalty = Number.NaN, paid = Number.NaN] = (
        await row.getByRole('cell').allTextContents()
      ).map(cents);
      return { month: (await row.getByRole('rowheader').textContent())!.trim(), rent, penalty, paid };
    }),
  );
}

async function checkPage(page: Page, name: string): Promise<void> {
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, name);
}

test.describe('County estates', () => {
  test('a tenant pays three months of rent from /county-rent; the balance and the statement on /properties change @desktop', async ({
    page,
  }) => {
    const tenant = TENANTS[test.info().project.name]!;
    // A demo citizen signs in with a password and the code from the outbox, as an officer does.
    const token = await staffToken(page.request, tenant.phone, DEMO_PASSWORD);
    await useToken(page, token);
    const before = await tenancyOf(page.request, token, tenant.tenancyNo);
    expect(before.balance_cents).toBeGreaterThan(0);
    expect(before.months_in_arrears).toBeGreaterThanOrEqual(1);
    expect(before.months_in_arrears).toBeLessThanOrEqual(3);
    // Three months in all: those in arrears, then the rest ahead.
    const ahead = 3 - before.months_in_arrears;
    const total = before.balance_cents + ahead * before.monthly_rent_cents;

    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'County properties' })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByText(tenant.tenancyNo, { exact: true }) });
    await expect(card.getByTestId('tenancy-balance')).toContainText(kes(before.balance_cents));
    const statement = card.getByRole('table', { name: `Rent statement of ${tenant.tenancyNo}` });
    const owed = await statementOf(statement);
    expect(owed.filter((m) => m.paid < m.rent + m.penalty)).toHaveLength(before.months_in_arrears);
    await checkPage(page, 'estates-properties-before');

    await card.getByRole('link', { name: 'Pay rent' }).click();
    await expect(page).toHaveURL(/\/county-rent\?tenancy=/);
    await expect(page.getByRole('heading', { level: 1, name: 'County rent' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Tenancy' })).toHaveValue(tenant.tenancyNo);
    await expect(page.getByTestId('rent-balance')).toContainText(
      `You owe ${kes(before.balance_cents)} (${before.months_in_arrears} months in arrears)`,
    );
    await page
      .getByRole('combobox', { name: 'Pay ahead' })
      .selectOption({ label: ahead === 0 ? 'No months ahead: the balance only' : `${ahead} months ahead` });
    await page.getByRole('button', { name: 'Get the bill' }).click();
    const bill = page.getByTestId('rent-bill');
    await expect(bill.getByRole('heading', { level: 2, name: /^Rent bill / })).toBeVisible();
    await expect(bill.getByTestId('rent-bill-total')).toHaveText(kes(total));
    await checkPage(page, 'estates-county-rent-bill');
    await bill.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(/\/payment\?bill=/);
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
    await checkPage(page, 'estates-rent-paid');
    // The receipt names the tenancy and the three months it settles.
    await page.getByRole('link', { name: 'View the receipt' }).click();
    await expect(page).toHaveURL(/\/downloads\/Invoice\?bill_no=.+&type=receipt/);
    const first = owed.find((m) => m.paid < m.rent + m.penalty)!.month;
    await expect(page.getByRole('main')).toContainText(
      `(${tenant.tenancyNo}): ${first} to ${monthsAfter(first, 2)}`,
    );
    await checkPage(page, 'estates-rent-receipt');

    // Nothing owed; the months in arrears paid on the statement; the months ahead held as credit.
    await page.goto('/properties');
    const after = page
      .getByRole('listitem')
      .filter({ has: page.getByText(tenant.tenancyNo, { exact: true }) });
    await expect(after.getByTestId('tenancy-balance')).toContainText('KES 0.00');
    await expect(after).toContainText(/Months in arrears\s*0/);
    if (ahead > 0) {
      const credit = kes(ahead * before.monthly_rent_cents).replace(/[.,]/g, '\\$&');
      await expect(after).toContainText(new RegExp(`Paid in advance\\s*${credit}`));
    } else await expect(after).not.toContainText('Paid in advance');
    const paid = await statementOf(
      after.getByRole('table', { name: `Rent statement of ${tenant.tenancyNo}` }),
    );
    expect(paid.map((m) => m.month)).toEqual(owed.map((m) => m.month));
    for (const month of paid) expect(month.paid, month.month).toBe(month.rent + month.penalty);
    await checkPage(page, 'estates-properties-after');
    const now = await tenancyOf(page.request, token, tenant.tenancyNo);
    expect(now).toMatchObject({ balance_cents: 0, months_in_arrears: 0 });
  });
});
