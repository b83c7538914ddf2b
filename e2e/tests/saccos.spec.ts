import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { gotoServerPage, signInThroughPages } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';

/**
 * A Sacco manager in the browser: the second demo citizen (PSV active, the demo Sacco of 20
 * vehicles) adds vehicles, selects them and pays their PSV stickers in one bill through the
 * M-Pesa simulator, then sees them paid. Each run adds its own random plates, so the two browser
 * projects never pick the same vehicle.
 */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const letter = () => LETTERS[randomInt(LETTERS.length)]!;
const randomPlate = () => `KD${letter()} ${randomInt(100, 1000)}${letter()}`;
const successPhone = () => `07${randomInt(10, 99)}${randomInt(1000, 9999)}55`;

test('a Sacco adds vehicles and pays their stickers in one bill', async ({ page }) => {
  await gotoServerPage(page, '/login');
  await signInThroughPages(page, '0722334455', 'Kaunti#Demo2024');

  await page.goto('/account/transport-sacco-vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'My transport Saccos' })).toBeVisible();
  const card = page.getByTestId('sacco-card').filter({ hasText: 'Kawangware Route 46 Matatu Sacco' });
  await expect(card).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await card.getByRole('link', { name: /Vehicles and stickers/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sacco vehicles' })).toBeVisible();
  await expect(page.getByTestId('sacco-vehicle').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);

  const plates = [randomPlate(), randomPlate()];
  for (const [i, plate] of plates.entries()) {
    await page.getByRole('link', { name: 'Add a vehicle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a vehicle' })).toBeVisible();
    // A bad plate first: the error is beside the field, the summary takes the focus, the rest stays.
    if (i === 0) {
      await page.getByRole('textbox', { name: /Number plate/ }).fill('ABC');
      await page.getByRole('textbox', { name: /Seating capacity/ }).fill('14');
      await page.getByRole('textbox', { name: /^Route/ }).fill('Route 46 Kawangware–CBD');
      await page.getByRole('textbox', { name: /Owner's name/ }).fill('Peter Kamau');
      await page.getByRole('button', { name: 'Add the vehicle' }).click();
      await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /Number plate/ })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expect(page.getByRole('textbox', { name: /Seating capacity/ })).toHaveValue('14');
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'sacco-add-vehicle-error');
    }
    await page.getByRole('textbox', { name: /Number plate/ }).fill(plate);
    await page.getByRole('textbox', { name: /Seating capacity/ }).fill(i === 0 ? '14' : '33');
    await page.getByRole('textbox', { name: /^Route/ }).fill('Route 46 Kawangware–CBD');
    await page.getByRole('textbox', { name: /Owner's name/ }).fill('Peter Kamau');
    await page.getByRole('button', { name: 'Add the vehicle' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sacco vehicles' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: plate })).toBeVisible();
  }

  for (const plate of plates)
    await page.getByRole('checkbox', { name: `Pay the sticker of ${plate}` }).check();
  await expect(page.getByTestId('sticker-total')).toHaveText('2 vehicles selected: KES 20,000.00');
  await screenshot(page, 'sacco-vehicles-selected');
  await page.getByRole('button', { name: 'Pay selected stickers' }).click();

  await expect(page).toHaveURL(/\/payment\?bill=[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay a bill' })).toBeVisible();
  await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/account/sacco-vehicles');
  for (const plate of plates) {
    const vehicle = page
      .getByTestId('sacco-vehicle')
      .filter({ has: page.getByRole('heading', { name: plate }) });
    await expect(vehicle).toContainText(/sticker paid/);
    await expect(vehicle.getByRole('link', { name: /Print the sticker/ })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'sacco-vehicles-paid');
});
