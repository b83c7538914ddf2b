import { expect, test } from '@playwright/test';
// A link's path and query: the e2e server's public URL is this origin.
import { pathAndQuery as local } from '../../apps/server/test/support/links';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoHorizontalScroll, screenshot } from '../support/page';

/**
 * Every printable of the catalogue, as a visitor opens it from its public link (the demo data
 * issues one of each: /api/verify/samples): its title and number, its QR, readable on a 360 px
 * phone without sideways scrolling; the permits' terms on a page of their own, accessible.
 */

interface Sample {
  kind: string;
  title: string;
  number: string;
  status: string;
  print_url: string | null;
  short_code: string;
}

test('every demo document prints on its own /downloads/ page, and fits a phone', async ({ page }) => {
  test.setTimeout(120_000);
  const samples = (await (await page.request.get('/api/verify/samples')).json()) as { documents: Sample[] };
  // Invoices and receipts print on /downloads/Invoice (their own test below); the rest here.
  const printable = samples.documents.filter(
    (d) => d.print_url && d.status === 'valid' && d.kind !== 'invoice' && d.kind !== 'receipt',
  );
  expect(printable.length).toBeGreaterThanOrEqual(21);
  for (const sample of printable) {
    await page.goto(local(sample.print_url!));
    const document = page.getByTestId('issued-document');
    await expect(document.getByRole('heading', { level: 1, name: sample.title })).toBeVisible();
    await expect(document.getByText(`No. ${sample.number}`).first()).toBeVisible();
    await expect(document.getByTestId('short-code')).toHaveText(sample.short_code);
    await expectNoHorizontalScroll(page);
  }
});

test('the single and the unified business permits: facts, lines, and their terms on page 2', async ({
  page,
}) => {
  const samples = (await (await page.request.get('/api/verify/samples')).json()) as { documents: Sample[] };
  const permit = (title: string) => samples.documents.find((d) => d.title === title)!;

  await page.goto(local(permit('Single Business Permit').print_url!));
  const sbp = page.getByTestId('document-page');
  await expect(sbp).toHaveCount(2);
  await expect(sbp.nth(0)).toContainText('Commercial name');
  await expect(
    sbp.nth(1).getByRole('region', { name: 'Terms and conditions' }).getByRole('listitem'),
  ).toHaveCount(12);
  await expectNoAxeViolations(page);
  await screenshot(page, 'printable-sbp');

  await page.goto(local(permit('Unified Business Permit').print_url!));
  await expect(page.getByRole('table', { name: 'Business lines' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'Charges paid' })).toContainText('Fire safety inspection');
  await expect(
    page
      .getByTestId('document-page')
      .nth(1)
      .getByRole('region', { name: 'Terms and conditions' })
      .getByRole('listitem'),
  ).toHaveCount(15);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'printable-ubp');
});

test('a permit number is checked on E-Verify: the demo permit is in force, another number is not', async ({
  page,
}) => {
  const samples = (await (await page.request.get('/api/verify/samples')).json()) as { documents: Sample[] };
  const permit = samples.documents.find((d) => d.title === 'Single Business Permit')!;
  await page.goto('/e-verify');
  // Rendered by the server: act once its script has taken over (hydration).
  await page.waitForLoadState('networkidle');
  const section = page.getByRole('region', { name: 'Check a business permit number' });
  await section.getByRole('textbox', { name: 'Permit number' }).fill(permit.number.toLowerCase());
  await section.getByRole('button', { name: 'Check permit' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `Permit ${permit.number} is valid: the county issued it and it is in force.`,
  );
  await section.getByRole('textbox', { name: 'Permit number' }).fill('SBP-2025-000001');
  await section.getByRole('button', { name: 'Check permit' }).click();
  await expect(section.getByRole('alert')).toContainText('Permit SBP-2025-000001 is not valid');
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'e-verify-permit-check');
});
