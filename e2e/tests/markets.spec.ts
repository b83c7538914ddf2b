import { randomInt, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { gotoServerPage, type SignedInUser, signInNewUser, staffToken, useToken } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { approveAndIssue, successPhone } from '../support/flow';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { E2E_BASE_URL } from '../support/ports';
import { decodeQr } from '../support/qr';

/**
 * Markets in the browser (issue 41), at a phone's width and a desktop's: market cess paid at the
 * gate with no account, to its paid ticket and its QR code verified; and a trader's stall rent
 * paid from /markets (what is owed and a month ahead), nothing owed after and the month held. Each project works on its own plate,
 * trader and stall.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new trader holding a stall: the stall service's published example applied for, its fee paid
 * through the simulator, approved by the demo approver and issued by the demo reviewer (four
 * eyes), as the issue's contract says. Answers the stall's number.
 */
async function traderWithStall(request: APIRequestContext, trader: SignedInUser): Promise<string> {
  const open = await (await request.get('/api/catalogue/services/market-stalls')).json();
  const submitted = await request.post('/api/applications', {
    headers: bearer(trader.token),
    data: { service_id: 'market-stalls', values: open.example },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { application, bill } = await submitted.json();
  const push = await request.post('/api/payments/mpesa/stk-push', {
    headers: { ...bearer(trader.token), 'idempotency-key': randomUUID() },
    data: { bill_no: bill.bill_no, phone_number: successPhone() },
  });
  expect(push.status(), await push.text()).toBe(200);
  const detail = async () =>
    (
      await (
        await request.get(`/api/applications/${application.application_no}`, {
          headers: bearer(trader.token),
        })
      ).json()
    ).status as string;
  await expect.poll(detail, { timeout: 30_000 }).toBe('under_review');
  await approveAndIssue(request, application.application_no, 'Checked against the market register');
  const stalls = await (await request.get('/api/markets/stalls', { headers: bearer(trader.token) })).json();
  const stall = stalls.data[0];
  expect(stall?.stall_no).toBeTruthy();
  return stall.stall_no as string;
}

test.describe('Markets', () => {
  test('market cess with no account: the load, the prompt, the ticket turning paid, its QR code verified @desktop', async ({
    page,
  }) => {
    const plate = `KC${String.fromCharCode(65 + randomInt(26))} ${randomInt(100, 999)}${String.fromCharCode(65 + randomInt(26))}`;
    // Rendered on the server (decision 020): the form is the page's own once its script took over.
    await gotoServerPage(page, '/markets/cess');
    await expect(page.getByRole('heading', { level: 1, name: 'Market Cess' })).toBeVisible();
    await page.getByRole('textbox', { name: /Number plate/ }).fill(plate);
    await page.getByRole('combobox', { name: /Market or barrier/ }).selectOption('WAK');
    await page.getByRole('combobox', { name: /^Produce/ }).selectOption('POT');
    await page
      .getByRole('spinbutton', { name: /Quantity/ })
      .or(page.getByRole('textbox', { name: /Quantity/ }))
      .fill('12');
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'market-cess-form');
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();

    await expect(page).toHaveURL(/\/markets\/cess\/[A-Z0-9-]+$/);
    const ticket = page.getByTestId('service-ticket');
    // 12 bags of potatoes at KES 60 a bag.
    await expect(ticket).toContainText('KES 720');
    await expect(ticket.getByRole('heading', { level: 2, name: /Paid/ })).toBeVisible({ timeout: 30_000 });
    await expect(ticket).toContainText(plate.replace(/\s/g, '').replace(/^(\w{3})/, '$1 '));
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'market-cess-ticket');

    const verifyUrl = await decodeQr(page, /QR code of the ticket/);
    expect(verifyUrl.startsWith(`${E2E_BASE_URL}/e-verify?code=`)).toBe(true);
    await page.goto(verifyUrl);
    await expect(
      page.getByTestId('verify-result').getByRole('heading', { level: 2, name: 'Genuine document' }),
    ).toBeVisible();
  });

  test("a trader pays a stall's rent from /markets: the bill, the prompt, nothing owed after and a month paid ahead @desktop", async ({
    page,
  }) => {
    const trader = await signInNewUser(page);
    const stallNo = await traderWithStall(page.request, trader);

    await page.goto('/markets');
    await expect(page.getByRole('heading', { level: 2, name: 'Your stalls' })).toBeVisible();
    const card = () =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`stall ${stallNo}$`) }) });
    const stall = card();
    await expect(stall).toBeVisible();
    await expect(stall.getByTestId('stall-balance')).toHaveText(/^KES [\d,]+\.\d\d$/);
    await expect(stall).not.toContainText('Paid in advance');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'markets-your-stalls');

    // One month ahead (whatever is owed now comes first): the bill's lines, then Pay.
    await stall.getByRole('combobox', { name: /Pay ahead/ }).selectOption('1');
    await stall.getByRole('button', { name: 'Get the rent bill' }).click();
    const bill = stall.getByTestId('stall-rent-bill');
    await expect(bill.getByRole('heading', { name: /^Rent bill / })).toBeVisible();
    await bill.getByRole('link', { name: /Pay now with M-Pesa/ }).click();

    await expect(page).toHaveURL(/\/payment\?bill=/);
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });

    await page.goto('/markets');
    const after = card();
    await expect(after).toBeVisible();
    // What was owed is paid and the month ahead is held for it.
    await expect(after.getByTestId('stall-balance')).toHaveText('KES 0.00');
    await expect(after).toContainText(/Paid in advance\s*KES [1-9]/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'markets-rent-paid');
  });

  test('a fault reported at a public toilet is closed by the officer who looks after them, in the back office @desktop', async ({
    page,
  }) => {
    const toilets = await (await page.request.get('/api/public-toilets')).json();
    const toilet = toilets[randomInt(toilets.length)];
    const note = `No water since ${randomUUID().slice(0, 8)}`;
    const reported = await page.request.post(`/api/public-toilets/${toilet.id}/faults`, {
      data: { kind: 'no_water', note },
    });
    expect(reported.status(), await reported.text()).toBe(201);

    // The county's enforcement officer (toilets.maintain) in the back office.
    await useToken(page, await staffToken(page.request, '0700000106'));
    await page.goto('/staff/toilet-faults');
    await expect(page.getByRole('heading', { level: 1, name: 'Public toilet faults' })).toBeVisible();
    const fault = page.getByRole('article').filter({ hasText: note });
    await expect(fault).toContainText('No water');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'staff-toilet-faults');
    await fault.getByRole('button', { name: `Close the fault at ${toilet.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is closed' })).toHaveText(
      `The fault at ${toilet.name} is closed.`,
    );
    await expect(page.getByRole('article').filter({ hasText: note })).toHaveCount(0);
  });
});
