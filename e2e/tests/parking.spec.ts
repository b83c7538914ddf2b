import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { decodeQr } from '../support/qr';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const letter = () => LETTERS[randomInt(LETTERS.length)]!;
/** A plate nobody else's test uses: KD?, three digits, a letter. */
const randomPlate = () => `KD${letter()} ${randomInt(100, 999)}${letter()}`;

test.describe('Daily parking', () => {
  test('from the landing page to the paid ticket in three screens, with no account', async ({ page }) => {
    const plate = randomPlate();
    // Screen 1: the landing page.
    await page.goto('/');
    await page
      .getByRole('link', { name: /^Daily Parking/ })
      .first()
      .click();
    // Screen 2: the form.
    await expect(page).toHaveURL(/\/parking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pay for parking' })).toBeVisible();
    await page.getByRole('textbox', { name: /Number plate/ }).fill(plate.toLowerCase().replace(' ', ''));
    await page.getByRole('combobox', { name: /Parking zone/ }).selectOption('Z1');
    await page.getByRole('combobox', { name: /Vehicle type/ }).selectOption('saloon');
    await page
      .getByRole('textbox', { name: /M-Pesa phone number/ })
      .fill(`07${randomInt(10, 99)}${randomInt(1000, 9999)}55`);
    await expect(page.getByTestId('parking-amount')).toHaveText('Amount to pay today: KES 300.00');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'parking-form');
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    // Screen 3: the ticket, pending until M-Pesa answers, then paid.
    await expect(page).toHaveURL(/\/parking\/PT[2-9A-Z]{12}$/);
    const ticket = page.getByTestId('parking-ticket');
    await expect(ticket.getByRole('heading', { name: 'Paid: your parking is covered today' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(ticket).toContainText(plate);
    await expect(ticket).toContainText('KES 300.00');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'parking-ticket');
    const verifyUrl = await decodeQr(page, /QR code of the parking ticket/);
    await page.goto(verifyUrl);
    await expect(
      page.getByTestId('verify-result').getByRole('heading', { level: 2, name: 'Genuine document' }),
    ).toBeVisible();
  });
});
