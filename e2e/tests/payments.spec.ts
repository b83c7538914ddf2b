import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type SignedInUser, signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { E2E_BASE_URL, E2E_SIM_URL } from '../support/ports';
import { decodeQr } from '../support/qr';

/**
 * Paying a bill in the browser, end to end: the e2e server talks to the M-Pesa simulator (started
 * beside it), which calls the portal back about 1.5 s after each prompt. Each test uses its own
 * phone number, so the two browser projects never share a phone's prompt or limits.
 */

const PORTAL = 'Nairobi City County e-Services';
/** A Safaricom-style number whose last four digits are none of the simulator's magic endings. */
function successPhone(): string {
  return `07${randomInt(10, 99)}${randomInt(1000, 9999)}55`;
}

/** Raises the current land rates bill of a demo parcel through the API: its bill number. */
async function raiseRatesBill(page: Page, user: SignedInUser, lr: string): Promise<string> {
  const res = await page.request.post('/api/lands/rates/current-bill', {
    data: { lr_number: lr },
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).bill_no as string;
}

/**
 * Demo parcels and their registered owners' ID numbers / KRA PINs, one per test: the tests share
 * one database, a parcel whose rates are paid for the year is not billed again, and a rates bill
 * sits on its owner's account (decision 007), so each test signs up as the owner of its own parcel.
 */
const OWNED_PARCELS = {
  pay: { lr: '209/10019', owner: '9475102' },
  cancel: { lr: '209/10016', owner: '23185270' },
  c2b: { lr: '209/10018', owner: '31452096' },
} as const;

test.describe('Bills and payments', () => {
  test('pay a land rates bill through the simulator, open the receipt, and verify its QR code on /e-verify', async ({
    page,
  }) => {
    const { lr, owner } = OWNED_PARCELS.pay;
    const user = await signInNewUser(page, { identifier: owner });

    // The land page raises the bill and links to the payment page.
    await page.goto('/land-rates-bill');
    await page.getByRole('textbox', { name: /LR number/ }).fill(lr);
    await page.getByRole('button', { name: 'Get the bill' }).click();
    const billHeading = page.getByRole('heading', { name: /^Land rates bill NCCB\d{8}$/ });
    await expect(billHeading).toBeVisible();
    const billNo = (await billHeading.textContent())!.replace('Land rates bill ', '');
    await page.getByRole('link', { name: 'Pay now' }).click();

    await expect(page).toHaveURL(new RegExp(`/payment\\?bill=${billNo}$`));
    await expect(page).toHaveTitle(`Pay a bill | ${PORTAL}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay a bill' })).toBeVisible();
    const select = page.getByRole('combobox', { name: /Bill to pay/ });
    await expect(select).toHaveValue(billNo);
    const phone = page.getByRole('textbox', { name: /M-Pesa phone number/ });
    await expect(phone).toHaveValue(`0${user.phone_number.slice(3)}`);
    const amount = page.getByRole('textbox', { name: /Amount in shillings/ });
    const shillings = Number(await amount.inputValue());
    expect(shillings).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-form');

    await phone.fill(successPhone());
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeFocused();
    await expect(page.getByTestId('payment-announcement')).toHaveText('Waiting for your M-Pesa PIN…');
    // The countdown reads as a clock (1:00, 0:59…), never "about 0:60".
    await expect(page.getByTestId('countdown')).toHaveText(/^(1:00|0:[0-5]\d)$/);
    await screenshot(page, 'payments-waiting');

    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('payment-message')).toHaveText('Payment received. Thank you.');
    await expect(page.getByTestId('mpesa-receipt')).toHaveText(/^[A-Z0-9]{10}$/);
    await expect(page.getByText('The bill is fully paid.')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-paid');

    // The receipt as a PDF: fetched with the session and saved.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Receipt \(PDF\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${billNo}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The printable receipt, with its QR code.
    await page.getByRole('link', { name: 'View the receipt' }).click();
    await expect(page).toHaveURL(new RegExp(`/downloads/Invoice\\?bill_no=${billNo}&type=receipt$`));
    const document = page.getByTestId('invoice-document');
    await expect(document).toContainText('RECEIPT');
    await expect(document).toContainText(`RCT-${billNo}`);
    await expect(document).toContainText(lr);
    // Every column of every line is readable at this width (360 px: the lines stack): each cell
    // is visible, wide enough for its words, and its text is not clipped.
    const cells = page.getByTestId('document-line').first().getByRole('cell');
    await expect(cells).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const cell = cells.nth(i);
      await expect(cell).toBeVisible();
      const fits = await cell.evaluate((el) => ({
        width: el.getBoundingClientRect().width,
        clipped: el.scrollWidth > el.clientWidth + 1,
      }));
      expect(fits.clipped, `cell ${i} is clipped`).toBe(false);
      expect(fits.width, `cell ${i} is too narrow`).toBeGreaterThan(i === 1 ? 150 : 24);
    }
    await expect(cells.nth(1)).toContainText('Land rates');
    // Under the QR code: the short code to type on E-Verify without a camera.
    await expect(page.getByTestId('short-code')).toHaveText(
      /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/,
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-receipt');
    const verifyUrl = await decodeQr(page, /QR/);
    expect(verifyUrl.startsWith(`${E2E_BASE_URL}/e-verify?code=`)).toBe(true);

    await page.goto(verifyUrl);
    const result = page.getByTestId('verify-result');
    await expect(result.getByRole('heading', { level: 2, name: 'Genuine document' })).toBeVisible();
    await expect(result).toContainText(`RCT-${billNo}`);
    await expectNoAxeViolations(page);

    // The bill is in the paid section; the payment in the history; nothing left owed.
    await page.goto('/account/bills');
    const paid = page.getByRole('region', { name: /^Paid \(1\)$/ });
    await expect(paid).toContainText(billNo);
    await expect(paid.getByRole('link', { name: `Receipt ${billNo}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-bills');

    await page.goto('/account/transactions-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction history' })).toBeVisible();
    const row = page.getByTestId('transaction').first();
    await expect(row).toContainText(billNo);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(/[A-Z0-9]{10}/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-transactions');

    await page.goto('/account/obligations');
    await expect(page.getByTestId('obligations-total')).toHaveText('Total owed: KES 0.00');
    await expectNoAxeViolations(page);
  });

  test('a cancelled prompt is said in plain words, and the bill stays to pay', async ({ page }) => {
    const { lr, owner } = OWNED_PARCELS.cancel;
    const user = await signInNewUser(page, { identifier: owner });
    const billNo = await raiseRatesBill(page, user, lr);
    const phone = successPhone();
    const queued = await page.request.post(`${E2E_SIM_URL}/__sim/next-outcome`, {
      data: { phone, outcome: 'cancelled' },
    });
    expect(queued.ok()).toBe(true);

    await page.goto('/account/obligations');
    const land = page.getByRole('region', { name: 'Land services' });
    await expect(land).toContainText(billNo);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payments-obligations');
    await land.getByRole('link', { name: `Pay ${billNo}` }).click();

    await expect(page.getByRole('combobox', { name: /Bill to pay/ })).toHaveValue(billNo);
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(phone);
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('payment-message')).toHaveText('You cancelled the M-Pesa prompt.');
    await expect(page.getByTestId('payment-announcement')).toHaveText('Payment cancelled');
    await expectNoAxeViolations(page);
    await screenshot(page, 'payments-cancelled');

    // Try again: the same details are back in the form.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue(phone);

    await page.goto('/account/bills');
    const toPay = page.getByRole('region', { name: /^To pay \(1\)$/ });
    await expect(toPay).toContainText(billNo);
    await expect(page.getByTestId('total-due')).toContainText('KES');
  });

  test('a payment at the paybill from the phone menu (C2B) shows on the bills page', async ({ page }) => {
    const { lr, owner } = OWNED_PARCELS.c2b;
    const user = await signInNewUser(page, { identifier: owner });
    const billNo = await raiseRatesBill(page, user, lr);
    // The portal registered its C2B URLs with the simulator when it started (development only).
    const paid = await page.request.post(`${E2E_SIM_URL}/__sim/c2b/pay`, {
      data: { phone: successPhone(), amountShillings: 100, billRefNumber: billNo.toLowerCase() },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const { accepted, transId } = await paid.json();
    expect(accepted).toBe(true);
    // Credited once Daraja's transaction status answer confirms the TransID (a moment later).
    await expect
      .poll(async () => {
        const bill = await page.request.get(`/api/bills/${billNo}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        return (await bill.json()).paid_cents;
      })
      .toBe(10_000);

    await page.goto('/account/bills');
    const card = page.getByTestId('bill-card').filter({ hasText: billNo });
    await expect(card).toContainText('Partly paid');
    await expect(card).toContainText('KES 100.00');
    await page.goto('/account/transactions-history');
    await expect(page.getByTestId('transaction').first()).toContainText(transId);
    await expect(page.getByTestId('transaction').first()).toContainText('M-Pesa paybill');
  });

  test('the printable receipt asks a visitor without a session to sign in, and shows nothing', async ({
    page,
  }) => {
    await page.goto('/downloads/Invoice?bill_no=NCCB40213378&type=receipt');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see this document' })).toBeVisible();
    await expect(page.getByTestId('invoice-document')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the payment page in Kiswahili', async ({ page }) => {
    await signInNewUser(page);
    await page.addInitScript(() => localStorage.setItem('kaunti.language', 'sw'));
    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Lipa bili' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lipa kwa M-Pesa' })).toBeVisible();
    await page.getByRole('textbox', { name: /Nambari ya simu ya M-Pesa/ }).fill('0812');
    await page.getByRole('button', { name: 'Lipa kwa M-Pesa' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Kuna tatizo' })).toContainText(
      'Nambari ya simu lazima iwe katika muundo',
    );
    await expectNoAxeViolations(page);
  });
});
