import { randomInt } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { pathAndQuery as local } from '../../apps/server/test/support/links';
import { gotoServerPage } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { openHeaderMenu, screenshot } from '../support/page';

/**
 * What a keyboard and a screen reader meet (issue 36, items 31–33): a new page is announced by
 * its heading taking the focus; nothing that takes the focus hides under the fixed header; a
 * result is said by a live region that was on the page before it; the focus never falls to the
 * page's body.
 */

/** The bottom of the fixed header, in the window's coordinates. */
async function headerBottom(page: Page): Promise<number> {
  const header = await page.getByRole('banner').boundingBox();
  return header!.y + header!.height;
}

/** The focused element's top and bottom, in the window's coordinates. */
async function focusedBox(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const box = active?.getBoundingClientRect();
    return {
      tag: active?.tagName ?? '',
      id: active?.id ?? '',
      top: box?.top ?? -1,
      bottom: box?.bottom ?? -1,
    };
  });
}

async function expectFocusOnBody(page: Page, expected: boolean) {
  expect(await page.evaluate(() => document.activeElement === document.body || !document.activeElement)).toBe(
    expected,
  );
}

test.describe('a new page', { tag: '@desktop' }, () => {
  test('is announced: the focus moves to its heading, below the header, and the keyboard goes on from there', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openHeaderMenu(page);
    await page.getByRole('banner').getByRole('link', { name: 'E-Verify' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'E-Verify' });
    await expect(heading).toBeFocused();
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
    // Tab goes on into the page, not back to the top of the document.
    await page.keyboard.press('Tab');
    const next = await focusedBox(page);
    expect(next.tag).not.toBe('BODY');
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, `route-focus-${page.viewportSize()!.width}`);

    // Back: the previous page's heading has the focus.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('the fixed header', { tag: '@desktop' }, () => {
  test('never covers what has the focus: fields reached by Tab and by Shift+Tab, or refused on submit', async ({
    page,
  }) => {
    await gotoServerPage(page, '/signup');
    const first = page.getByRole('textbox', { name: /^First name/ });
    await expect(first).toBeVisible();
    const top = await headerBottom(page);
    // Down to the end of the form, then back up to its first field, one Tab at a time.
    await first.focus();
    const submit = page.getByRole('button', { name: 'Create account' });
    for (let i = 0; i < 30 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      const box = await focusedBox(page);
      expect(box.bottom, `Tab to ${box.tag}#${box.id}`).toBeLessThanOrEqual(page.viewportSize()!.height);
    }
    await expect(submit).toBeFocused();
    for (let i = 0; i < 30 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Shift+Tab');
      const box = await focusedBox(page);
      expect(box.top, `Shift+Tab to ${box.tag}#${box.id}`).toBeGreaterThanOrEqual(top);
    }
    await expect(first).toBeFocused();

    // Sent empty from the bottom of the form: the first field takes the focus, in view below the header.
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    expect((await focusedBox(page)).top).toBeGreaterThanOrEqual(top);
  });
});

/** A plate nobody else's test uses. */
const randomPlate = () => `KD${'ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(24)]} ${randomInt(100, 999)}X`;

test.describe('results are announced', () => {
  test('E-Verify: the verdict goes into a live region that was there first, and Verify keeps the focus', async ({
    page,
    request,
  }) => {
    const samples = (await (await request.get('/api/verify/samples')).json()) as {
      documents: { kind: string; status: string; url: string }[];
    };
    const revoked = samples.documents.find((d) => d.status === 'revoked')!;
    const code = new URL(revoked.url).searchParams.get('code')!;
    await page.goto('/e-verify');
    // Rendered by the server: act once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    const region = page.getByTestId('verify-announcement');
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveText('');
    await page.getByLabel('Verification code or link').fill(code);
    const verify = page.getByRole('button', { name: 'Verify' });
    await verify.focus();
    await page.keyboard.press('Enter');
    await expect(region).toHaveText(/^Revoked\./);
    await expect(page.getByTestId('verify-result').getByRole('heading', { name: 'Revoked' })).toBeVisible();
    await expect(verify).toBeFocused();
    await expectFocusOnBody(page, false);
    await expectNoAxeViolations(page);
    await screenshot(page, 'everify-revoked-announced');
    // A QR link opened directly is announced too (and its page's heading is where the keyboard starts).
    await page.goto(local(revoked.url));
    await expect(page.getByTestId('verify-announcement')).toHaveText(/^Revoked\./);
  });

  test('the parking ticket says "paid" in the live region that waited with it', async ({ page }) => {
    await page.goto('/parking');
    // Rendered by the server: act once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    await page.getByRole('textbox', { name: /Number plate/ }).fill(randomPlate());
    await page.getByRole('combobox', { name: /Parking zone/ }).selectOption('Z2');
    await page.getByRole('combobox', { name: /Vehicle type/ }).selectOption('motorbike');
    await page
      .getByRole('textbox', { name: /M-Pesa phone number/ })
      .fill(`07${randomInt(10, 99)}${randomInt(1000, 9999)}55`);
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page).toHaveURL(/\/parking\/PT[2-9A-Z]{12}$/);
    const region: Locator = page.getByTestId('ticket-announcement');
    await expect(region).toHaveAttribute('role', 'status');
    // Marked before M-Pesa answers, so that the change is heard.
    const marked = await region.evaluate((el) => {
      (el as HTMLElement).dataset.seen = 'yes';
      return el.textContent;
    });
    expect(['Waiting for your payment', 'Paid: your parking is covered today']).toContain(marked);
    await expect(region).toHaveText('Paid: your parking is covered today', { timeout: 20_000 });
    await expect(region).toHaveAttribute('data-seen', 'yes');
    await expectFocusOnBody(page, false);
  });

  test('an empty parking form is not sent: each field says what it needs, and its error goes once it is fixed', async ({
    page,
  }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/parking/daily')) posted++;
    });
    await page.goto('/parking');
    // Rendered by the server: act once its script has taken over (hydration).
    await page.waitForLoadState('networkidle');
    const pay = page.getByRole('button', { name: 'Pay with M-Pesa' });
    await pay.click();
    const plate = page.getByRole('textbox', { name: /Number plate/ });
    await expect(plate).toHaveAttribute('aria-invalid', 'true');
    await expect(plate).toBeFocused();
    await expect(page.getByRole('combobox', { name: /Parking zone/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posted).toBe(0);
    await plate.fill('KDA 123A');
    await expect(plate).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page);
    expect(posted).toBe(0);
  });
});
