import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';
import { pdfFile, pngFile } from '../support/upload-files';

const PORTAL = 'Nairobi City County e-Services';
/** The spec's land transfer messages (section 5), word for word. */
const PERSONAL_DETAILS_MESSAGES = [
  'Please upload copy of your ID card',
  // The spec gives both photos the same message: the summary tells them apart by their labels.
  'Please add passport photo — Your passport photo',
  'Please add passport photo — Passport photo of the recipient (new owner)',
  'Please upload KRA PIN certificate',
];
const LAND_DETAILS_MESSAGES = [
  'Please enter your land / parcel number',
  'Please select the current land use',
  'Please select the sub-county',
  'Please select the ward',
  'Please enter the size of the land in square feet',
  'Please select the reason for the application',
  'Please add proof of ownership e.g title deed document',
  'Please upload copy of your Transfer Application Payment Receipt',
  'Please upload copy of land search',
];

/** The demo parcels the add-land test links (its own: the tests share one database). */
const ADD_LAND_PARCELS = { elsewhere: '209/10013', mine: '209/10014', owner: '25640981' } as const;

function errorSummary(page: Page): Locator {
  return page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
}

async function summaryMessages(page: Page): Promise<string[]> {
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  return summary.getByRole('link').allTextContents();
}

async function upload(page: Page, label: RegExp, file: ReturnType<typeof pngFile>) {
  await page.getByLabel(label).setInputFiles(file);
  await expect(page.getByText(file.name, { exact: true })).toBeVisible();
}

/** The land pages open in the services layout: the h1 from the route and the Land services menu. */
async function expectLandLayout(page: Page, h1: string) {
  await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
  await expect(page).toHaveTitle(`${h1} | ${PORTAL}`);
  const menuButton = page.getByRole('button', { name: 'Land services' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Land services' })).toContainText(
      'Conduct a Land Owner Amendment.',
    );
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  } else {
    await expect(page.getByRole('navigation', { name: 'Land services' })).toContainText(
      'Conduct a Land Owner Amendment.',
    );
  }
}

test.describe('land services', () => {
  test('land transfer: from an empty submit (every message, word for word) to "LR application submitted successfully"', async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/land-transfer');
    await expectLandLayout(page, 'Land Owner Amendment');

    // Step 1: Instructions.
    const stepper = page.getByRole('list', { name: 'Steps' });
    await expect(stepper.getByRole('listitem')).toHaveText([
      /Instructions/,
      /Personal Details/,
      /Land Details/,
    ]);
    await expect(stepper.locator('[aria-current="step"]')).toHaveText(/Instructions/);
    await expect(page.getByRole('heading', { level: 2, name: 'Instructions' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Documents to prepare' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-transfer-instructions');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: Personal Details, submitted empty: the four upload messages, in order.
    await expect(page.getByRole('heading', { level: 2, name: 'Personal Details' })).toBeFocused();
    await expect(stepper.locator('[aria-current="step"]')).toHaveText(/Personal Details/);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await summaryMessages(page)).toEqual(PERSONAL_DETAILS_MESSAGES);
    await expect(errorSummary(page).locator('..')).toBeFocused();
    await expect(page.getByLabel(/Copy of your national ID card/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-transfer-personal-errors');

    await upload(page, /Copy of your national ID card/, pdfFile('national-id.pdf'));
    await upload(page, /^Your passport photo/, pngFile('my-photo.png'));
    await upload(page, /^Passport photo of the recipient/, pngFile('recipient-photo.png'));
    await upload(page, /^KRA PIN certificate/, pdfFile('kra-pin.pdf'));
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-transfer-personal-uploaded');
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: Land Details, submitted empty: the parcel and the other three upload messages.
    await expect(page.getByRole('heading', { level: 2, name: 'Land Details' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Land Details' })).toBeInViewport();
    await page.getByRole('button', { name: 'Finish' }).click();
    expect(await summaryMessages(page)).toEqual(LAND_DETAILS_MESSAGES);
    await expect(
      page.getByText('Please enter your land / parcel number', { exact: true }).last(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Previous keeps the uploads of step 2.
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('recipient-photo.png', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/10001');
    await page.getByRole('combobox', { name: /Current land use/ }).selectOption({ label: 'Residential' });
    await page.getByRole('combobox', { name: /Sub-county/ }).selectOption({ label: 'Dagoretti North' });
    await page.getByRole('combobox', { name: /^Ward/ }).selectOption({ label: 'Kilimani' });
    await page.getByRole('textbox', { name: /Size of the land/ }).fill('10890');
    await page
      .getByRole('combobox', { name: /Reason for the application/ })
      .selectOption({ label: 'Sale / transfer to a buyer' });
    await upload(page, /Proof of ownership/, pdfFile('title-deed.pdf'));
    await upload(page, /Transfer application payment receipt/, pngFile('receipt.png'));
    await upload(page, /Official land search/, pdfFile('land-search.pdf'));
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-transfer-land-details');
    await page.getByRole('button', { name: 'Finish' }).click();

    const done = page.getByRole('heading', { level: 2, name: 'LR application submitted successfully' });
    await expect(done).toBeVisible();
    const number = (await page.getByText(/^[A-Z]{3}-\d{4}-\d{6,}$/).textContent()) ?? '';
    expect(number).toMatch(/^LND-\d{4}-\d{6,}$/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-transfer-done');

    // The application is listed with its status and history.
    await page.getByRole('link', { name: 'Follow your application under Service applications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Service applications' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card).toContainText('Land Owner Amendment');
    await expect(card).toContainText('Under review');
    await card.getByRole('button', { name: `Show history ${number}` }).click();
    await expect(
      page.getByRole('list', { name: `Status history of ${number}` }).getByRole('listitem'),
    ).toHaveText([/Submitted.*by you/, /Under review/]);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'service-applications');

    // Submitting deleted the draft.
    await page.goto('/account/drafts');
    await expect(page.getByText('You have no saved drafts.')).toBeVisible();
  });

  test('a draft is saved as you go and resumed after a reload, offline too, and from Drafts', async ({
    page,
    context,
  }) => {
    await signInNewUser(page);
    await page.goto('/land-survey');
    await expectLandLayout(page, 'Land Survey');
    const lr = page.getByRole('textbox', { name: /Land \/ parcel number/ });
    const subCounty = page.getByRole('combobox', { name: /Sub-county/ });
    const status = page.getByText(/^(Saved|Saving…|Saved on this device — will sync when back online)$/);

    await lr.fill('209/10002');
    await subCounty.selectOption({ label: 'Westlands' });
    await expect(status).toHaveText('Saved');
    await expect(page).toHaveURL(/\/land-survey\?draft=[0-9a-f-]{36}$/);

    await page.reload();
    await expect(lr).toHaveValue('209/10002');
    await expect(subCounty.locator('option:checked')).toHaveText('Westlands');

    // The connection drops: what is typed is kept on the device, and sent when it is back.
    await context.setOffline(true);
    await lr.fill('209/10003');
    await expect(status).toHaveText('Saved on this device — will sync when back online');
    await context.setOffline(false);
    await expect(status).toHaveText('Saved');
    await page.reload();
    await expect(lr).toHaveValue('209/10003');

    // Opening the service afresh offers to continue the draft, named by its parcel; an empty
    // form gets no draft of its own until something is typed.
    await page.goto('/land-survey');
    await expect(page.getByText(/^You have a draft of this form for 209\/10003, saved /)).toBeVisible();
    await expect(page).toHaveURL(/\/land-survey$/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Continue where you left off' }).click();
    await expect(page).toHaveURL(/\/land-survey\?draft=[0-9a-f-]{36}$/);
    await expect(lr).toHaveValue('209/10003');

    // Drafts lists it; Resume opens it where it was.
    await page.goto('/account/drafts');
    await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Land Survey' }) });
    await expect(card).toContainText('Step 1 of 3: Parcel Details');
    await expect(card.getByRole('heading', { name: 'Land Survey: 209/10003' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'drafts');
    await card.getByRole('link', { name: 'Resume Land Survey' }).click();
    await expect(page).toHaveURL(/\/land-survey\?draft=/);
    await expect(lr).toHaveValue('209/10003');

    // Delete asks first, then removes it.
    await page.goto('/account/drafts');
    await card.getByRole('button', { name: 'Delete Land Survey' }).click();
    await expect(page.getByText('Delete this draft? What you typed in it will be lost.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByText('You have no saved drafts.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('You have no saved drafts.')).toBeVisible();
  });

  test('a land rates bill is raised for demo parcel 209/10001: its lines, total and Pay now', async ({
    page,
  }) => {
    await signInNewUser(page);
    await page.goto('/land-rates-bill');
    await expectLandLayout(page, 'Land Rates Bill');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Get the bill' }).click();
    expect(await summaryMessages(page)).toEqual(['Please enter your land / parcel number']);

    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/10001');
    await page.getByRole('button', { name: 'Get the bill' }).click();
    const heading = page.getByRole('heading', { level: 2, name: /^Land rates bill [A-Z]{2,6}\d{6,10}$/ });
    await expect(heading).toBeVisible();
    const billNo = ((await heading.textContent()) ?? '').replace('Land rates bill ', '');
    await expect(page.getByText('Your land rates bill is ready')).toBeVisible();

    const table = page.getByRole('table', { name: 'What the bill is made of' });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    let sumCents = 0;
    for (const row of await rows.all()) {
      const cells = row.locator('td');
      await expect(cells.nth(1)).toHaveText('209/10001');
      const amount = ((await cells.nth(2).textContent()) ?? '').replaceAll(',', '');
      expect(amount).toMatch(/^\d+\.\d{2}$/);
      sumCents += Math.round(Number(amount) * 100);
    }
    await expect(table.getByText(/Arrears/i).first()).toBeVisible();
    const total = (await page.getByTestId('bill-total').textContent()) ?? '';
    expect(total).toMatch(/^KES [\d,]+\.\d{2}$/);
    expect(Math.round(Number(total.replace(/[^\d.]/g, '')) * 100)).toBe(sumCents);
    await expect(page.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      `/payment?bill=${encodeURIComponent(billNo)}`,
    );
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'land-rates-bill');

    // An unknown parcel: the server's message in a danger alert, the number kept.
    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill('209/99999');
    await page.getByRole('button', { name: 'Get the bill' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
    );
    await expect(page.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/99999');
  });

  test('add land: unknown parcel, a parcel registered to someone else (a claim), and a parcel already yours each have their message', async ({
    page,
  }) => {
    const { elsewhere, mine, owner } = ADD_LAND_PARCELS;
    // The citizen signs up with the ID number / KRA PIN the register gives for `mine`.
    await signInNewUser(page, { identifier: owner });
    await page.goto('/add-land');
    await expectLandLayout(page, 'Add Land');
    await expect(page.getByText('No parcel is linked to your account yet.')).toBeVisible();
    await expectNoAxeViolations(page);
    const lr = page.getByRole('textbox', { name: /Land \/ parcel number/ });
    const check = page.getByRole('button', { name: 'Check the parcel' });

    await lr.fill('209/99999');
    await check.click();
    await expect(page.getByRole('alert')).toHaveText(
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
    );

    await lr.fill(elsewhere);
    await check.click();
    await expect(page.getByRole('heading', { level: 2, name: `Parcel ${elsewhere}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add this parcel to my account' }).click();
    await expect(
      page.getByText(
        `Your ID number or KRA PIN does not match the registered owner of parcel ${elsewhere}. We have recorded your ownership claim: county lands staff will review it, and you can follow it under Your parcels.`,
      ),
    ).toBeVisible();
    const claims = page.getByRole('region', { name: 'Your ownership claims' });
    await expect(claims.getByRole('listitem')).toHaveCount(1);
    await expect(claims).toContainText(`${elsewhere}Waiting for county lands staff`);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Check another parcel' }).click();
    await lr.fill(mine);
    await check.click();
    await expect(page.getByRole('heading', { level: 2, name: `Parcel ${mine}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'add-land-confirm');
    await page.getByRole('button', { name: 'Add this parcel to my account' }).click();
    await expect(page.getByText(`Parcel ${mine} has been added to your account.`)).toBeVisible();
    const yours = page.getByRole('region', { name: 'Parcels on your account' });
    await expect(yours.getByRole('listitem')).toHaveCount(1);
    await expect(yours).toContainText(mine);

    await page.getByRole('textbox', { name: /Land \/ parcel number/ }).fill(mine);
    await page.getByRole('button', { name: 'Check the parcel' }).click();
    await expect(page.getByText(`Parcel ${mine} is already linked to your account.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add this parcel to my account' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('every other land service opens in the wizard, accessible', async ({ page }) => {
    await signInNewUser(page);
    for (const [path, h1, firstStep] of [
      ['/ground-rent', 'Ground Rent / Stand Premium', 'Service'],
      ['/land-clearance', 'Land Clearance', 'Parcel Details'],
      ['/rates-search', 'Rates Search', 'Search'],
    ] as const) {
      await page.goto(path);
      await expectLandLayout(page, h1);
      await expect(page.getByRole('heading', { level: 2, name: firstStep })).toBeVisible();
      await page.getByRole('button', { name: /^(Next|Finish)$/ }).click();
      await expect(errorSummary(page)).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test('the land pages need a signed-in user', async ({ page }) => {
    await page.goto('/land-transfer');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Please login to continue')).toBeVisible();
  });
});
