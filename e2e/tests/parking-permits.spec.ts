import { randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';

/** A Safaricom-style number whose last four digits are none of the simulator's magic endings. */
const successPhone = () => `07${randomInt(10, 99)}${randomInt(1000, 9999)}55`;
/** A plate no other test uses: K, two letters (no I or O), three digits, a letter. */
const randomPlate = () => {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[randomInt(letters.length)];
  return `K${pick()}${pick()} ${randomInt(100, 999)}${pick()}`;
};

async function pay(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill(successPhone());
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
}

test.describe('Seasonal and reserved parking', () => {
  test('a season for two vehicles of different types: one bill, paid, listed on /permits with its plates', async ({
    page,
  }) => {
    const [saloon, lorry] = [randomPlate(), randomPlate()];
    await signInNewUser(page);
    await page.goto('/seasonal-parking');
    await expect(page.getByRole('heading', { level: 2, name: 'Zone and period' })).toBeVisible();
    await page
      .getByRole('combobox', { name: /^Parking zone/ })
      .selectOption({ label: 'Zone I — Central Business District' });
    await page.getByRole('combobox', { name: /^Period/ }).selectOption('monthly');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Vehicles' })).toBeVisible();
    const first = page.getByRole('region', { name: 'Vehicle 1' });
    await first.getByRole('textbox', { name: /Number plate/ }).fill(saloon.toLowerCase());
    await first.getByRole('combobox', { name: /Vehicle type/ }).selectOption('saloon');
    await page.getByRole('button', { name: 'Add another vehicle' }).click();
    const second = page.getByRole('region', { name: 'Vehicle 2' });
    await second.getByRole('textbox', { name: /Number plate/ }).fill(lorry);
    await second.getByRole('combobox', { name: /Vehicle type/ }).selectOption('lorry-over-5t');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'seasonal-parking-vehicles');
    await page.getByRole('button', { name: 'Next' }).click();

    // KES 8,000 a month for a saloon in the CBD, 25,000 for a lorry over 5 tonnes: one bill.
    await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeVisible();
    await expect(page.getByText('KES 33,000.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('heading', { name: 'Seasonal parking application submitted successfully' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Pay now' }).click();
    await pay(page);

    await page.goto('/permits');
    const card = page.getByTestId('parking-permit-card').filter({ hasText: lorry });
    await expect(card.getByRole('heading', { name: `Seasonal ticket: ${saloon}, ${lorry}` })).toBeVisible();
    await expect(card).toContainText('Active');
    await expect(card).toContainText('30 days left');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'parking-permits');
    await card.getByRole('link', { name: /^Print/ }).click();
    await expect(page).toHaveURL(/\/downloads\/tickets\?id=/);
    await expect(page.getByRole('table', { name: 'Vehicles' })).toContainText('Lorry over 5 tonnes');
    await screenshot(page, 'seasonal-parking-ticket');
  });

  test('reserved bays: the terms, a building on the road chosen, paid per bay per day, then a comment to the officers', async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/reserved-parking');
    await expect(page.getByRole('heading', { level: 2, name: 'Terms and conditions' })).toBeVisible();
    const terms = page.getByRole('link', { name: /Read the reserved parking terms and conditions/ });
    await expect(terms).toHaveAttribute('href', '/reserved-parking-terms-and-conditions');
    await expect(terms).toHaveAttribute('target', '_blank');
    // Not accepted: the step says so and stays.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(
      page.getByText('Please accept the reserved parking terms and conditions').first(),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: /^Organisation name/ }).fill('Jamhuri Traders Limited');
    await page.getByRole('textbox', { name: /KRA PIN/ }).fill('P051365947M');
    await page.getByRole('textbox', { name: /^Contact phone number/ }).fill('0712000333');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Bays' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Road/ }).selectOption({ label: 'Kimathi Street' });
    const building = page.getByRole('combobox', { name: /^Building/ });
    await expect(building.locator('option', { hasText: 'Kenya Cinema Plaza' })).toHaveCount(1);
    await expect(building.locator('option', { hasText: 'Hilton Hotel building' })).toHaveCount(0);
    await building.selectOption({ label: 'Kenya Cinema Plaza' });
    await page.getByRole('textbox', { name: /^Number of bays/ }).fill('2');
    await page.getByRole('combobox', { name: /^Period/ }).selectOption('daily');
    await page.getByRole('textbox', { name: /^Number of days/ }).fill('5');
    await page.getByRole('textbox', { name: /^What the bays are for/ }).fill('Delivery vans of the shop');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'reserved-parking-bays');
    await page.getByRole('button', { name: 'Next' }).click();

    await page
      .getByRole('region', { name: 'Vehicle 1' })
      .getByRole('textbox', { name: /Number plate/ })
      .fill(randomPlate());
    await page.getByRole('button', { name: 'Next' }).click();
    // KES 1,500 a bay a day: 2 bays × 5 days.
    await expect(page.getByText('KES 15,000.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('heading', { name: 'Reserved parking application submitted successfully' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Pay now' }).click();
    await pay(page);

    // Paid, it waits for an officer: the applicant writes to them on the application.
    await page.goto('/account/service-applications');
    const item = page.getByRole('listitem').filter({ hasText: 'Reserved Parking' }).first();
    await expect(item).toContainText('Under review');
    await item.getByRole('button', { name: /^Show history/ }).click();
    const thread = item.getByRole('region', { name: 'Comments' });
    await thread
      .getByRole('textbox', { name: /Your comment to the county officers/ })
      .fill('The bays are on the Kimathi Street side.');
    await thread.getByRole('button', { name: 'Send comment' }).click();
    await expect(thread.getByText('The bays are on the Kimathi Street side.')).toBeVisible();
    await expect(thread.getByRole('textbox', { name: /Your comment/ })).toHaveValue('');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'reserved-parking-comments');
  });
});
