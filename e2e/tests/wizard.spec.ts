import { expect, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { chooseLanguage, expectNoHorizontalScroll, screenshot } from '../support/page';
import { disguisedTextFile, oversizePdf, pdfFile } from '../support/upload-files';

test.describe('the service wizard', () => {
  test.beforeEach(async ({ page }) => {
    await signInNewUser(page);
  });

  test('required fields carry a red asterisk and the word "required"; the summary links to each field', async ({
    page,
  }) => {
    await page.goto('/land-clearance');
    const lr = page.getByRole('textbox', { name: 'Land / parcel number (LR number) (required)' });
    await expect(lr).toBeVisible();
    const asterisk = page.locator('label[for="wizard-lr_number"] [aria-hidden="true"]');
    await expect(asterisk).toHaveText('*');
    await expect(asterisk).toHaveCSS('color', 'rgb(180, 35, 24)');

    await page.getByRole('button', { name: 'Next' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.getByRole('link')).toHaveText([
      'Please enter your land / parcel number',
      'Please select the current land use',
      'Please select the sub-county',
      'Please select the ward',
    ]);
    await summary.getByRole('link', { name: 'Please select the sub-county' }).click();
    await expect(page.getByRole('combobox', { name: /Sub-county/ })).toBeFocused();
    await expect(lr).toHaveAccessibleDescription(/Error: Please enter your land \/ parcel number/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'wizard-errors');
  });

  test('the ward list follows the sub-county, and Previous and Next keep every answer', async ({ page }) => {
    await page.goto('/ground-rent');
    await page.getByRole('combobox', { name: /^Service/ }).selectOption({ label: 'Ground Rent' });
    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/10002');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Location' })).toBeVisible();
    const ward = page.getByRole('combobox', { name: /^Ward/ });
    await expect(ward.locator('option').first()).toHaveText('Select the Sub-county first');
    await page.getByRole('combobox', { name: /Sub-county/ }).selectOption({ label: 'Westlands' });
    await ward.selectOption({ label: 'Parklands/Highridge' });
    const zone = page.getByRole('combobox', { name: /Ground rent zone/ });
    await expect(zone.locator('option')).not.toHaveCount(1);
    await zone.selectOption({ index: 1 });

    // Another sub-county: its own wards, and the old ward is no longer chosen.
    await page.getByRole('combobox', { name: /Sub-county/ }).selectOption({ label: "Lang'ata" });
    await expect(ward).toHaveValue('');
    await expect(ward.locator('option', { hasText: 'Karen' })).toHaveCount(1);
    await ward.selectOption({ label: 'Karen' });
    await zone.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(ward.locator('option:checked')).toHaveText('Karen');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10002');
    await expectNoAxeViolations(page);
  });

  test('Next shows "Loading…" while the draft is being saved', async ({ page }) => {
    await page.goto('/land-transfer');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/drafts/*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next' }).click();
    const busy = page.getByRole('button', { name: 'Loading…' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { level: 2, name: 'Personal Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  test('a refused file gets its message beside the field, and nothing else changes', async ({ page }) => {
    await page.goto('/land-survey');
    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/10004');
    await page.getByRole('combobox', { name: /Sub-county/ }).selectOption({ label: 'Starehe' });
    await page.getByRole('combobox', { name: /^Ward/ }).selectOption({ label: 'Nairobi Central' });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('combobox', { name: /Type of survey/ }).selectOption({ label: 'Beacon pointing' });
    await page.getByRole('textbox', { name: /What is the survey for/ }).fill('Showing a buyer the beacons');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();

    const proof = page.getByLabel(/Proof of ownership/);
    await proof.setInputFiles(disguisedTextFile('title-deed.png'));
    await expect(proof).toHaveAccessibleDescription(
      /Error: Only JPEG or PNG images and PDF documents can be uploaded\./,
    );
    await page.getByLabel(/Copy of your national ID card/).setInputFiles(oversizePdf());
    await expect(page.getByLabel(/Copy of your national ID card/)).toHaveAccessibleDescription(
      /Error: The file is larger than 5 MB\./,
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'wizard-refused-files');

    // A good file then goes in, and the earlier steps still hold their answers.
    await proof.setInputFiles(pdfFile('title-deed.pdf'));
    await expect(page.getByText('title-deed.pdf', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('textbox', { name: /What is the survey for/ })).toHaveValue(
      'Showing a buyer the beacons',
    );
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10004');
  });

  test('a server error is shown in a danger alert and nothing typed is lost', async ({ page }) => {
    await page.goto('/rates-search');
    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/77777');
    await page.getByRole('combobox', { name: /Why are you searching/ }).selectOption({ label: 'Valuation' });
    await page.getByRole('button', { name: 'Finish' }).click();
    const message =
      'We could not find a parcel with LR number 209/77777. Please check the number on your title deed.';
    await expect(page.locator('[data-variant="danger"]')).toHaveText(message);
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveAccessibleDescription(
      `As written on the title deed, e.g. 209/10001 Error: ${message}`,
    );
    await expect(page.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/77777');
    await expect(page.getByRole('combobox', { name: /Why are you searching/ })).toHaveValue('valuation');
    await expectNoAxeViolations(page);
    await screenshot(page, 'wizard-server-error');
  });

  test('a service with a fee answers its bill, with a Pay now link', async ({ page }) => {
    await page.goto('/rates-search');
    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/10006');
    await page
      .getByRole('combobox', { name: /Why are you searching/ })
      .selectOption({ label: 'I am buying the property' });
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Rates search application submitted successfully' }),
    ).toBeVisible();
    await expect(
      page.getByText(/^Bill [A-Z]{2,6}\d{6,10} has been raised for the fee\. Amount to pay:/),
    ).toContainText(/KES [\d,]+\.\d{2}$/);
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      /^\/payment\?bill=[A-Z]{2,6}\d{6,10}$/,
    );
    await expectNoAxeViolations(page);
  });

  test('speaks Kiswahili, with the land transfer messages translated', async ({ page }) => {
    await page.goto('/land-transfer');
    await expect(page.getByRole('heading', { level: 1, name: 'Land Owner Amendment' })).toBeVisible();
    await chooseLanguage(page, 'sw');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Marekebisho ya Mmiliki wa Ardhi' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Maelekezo' })).toBeVisible();
    await page.getByRole('button', { name: 'Endelea' }).click();
    await page.getByRole('button', { name: 'Endelea' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Kuna tatizo' });
    await expect(summary.getByRole('link')).toHaveText([
      'Tafadhali pakia nakala ya kitambulisho chako',
      'Tafadhali ongeza picha ya pasipoti — Picha yako ya pasipoti',
      'Tafadhali ongeza picha ya pasipoti — Picha ya pasipoti ya mpokeaji (mmiliki mpya)',
      'Tafadhali pakia cheti cha KRA PIN',
    ]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'wizard-kiswahili');
  });
});
