import { expect, test } from '@playwright/test';
import { signInNewUser } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { chooseLanguage } from '../support/page';

const PORTAL = 'Nairobi City County e-Services';
const RENDER_ERROR = 'Something went wrong. The error has been logged and is being worked on.';

test.describe('the portal shell', { tag: '@desktop' }, () => {
  test('an unknown route shows the 404 page, titled, with the header and footer', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    await expect(page).toHaveTitle(`Page not found | ${PORTAL}`);
    await expect(page.getByRole('banner')).toContainText('Nairobi City County');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/404 is the same page', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
  });

  test('/coming-soon has a Back home button that goes home', async ({ page }) => {
    await page.goto('/coming-soon');
    await expect(page).toHaveTitle(`Coming soon | ${PORTAL}`);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the landing page links every service of the spec: none is coming soon; /markets is the stalls page', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Markets, stalls and cess' })).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    const markets = page.getByRole('region', { name: 'Markets, stalls and cess' });
    await expect(markets.getByRole('link', { name: 'Markets and Stalls' })).toHaveAttribute(
      'href',
      '/markets',
    );
    // /markets is a signed-in page, like every page of the spec's that it protects.
    await signInNewUser(page);
    await page.goto('/markets');
    await expect(page.getByRole('heading', { level: 2, name: 'Your stalls' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Apply for a stall' })).toBeVisible();
  });

  test('the footer is hidden on any path containing "downloads"', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await page.goto('/downloads/no-such-document');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toHaveCount(0);
  });

  test('the county name in the header is shown whole, on a phone too', async ({ page }) => {
    await page.goto('/');
    const name = page.getByTestId('county-name');
    await expect(name).toHaveText('Nairobi City County');
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    const box = await name.boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(header!.y + header!.height);
  });

  test('page content sits 80 px below the top, under the fixed header', async ({ page }) => {
    await page.goto('/404');
    const main = page.locator('main#main');
    const padding = await main.evaluate((el) => getComputedStyle(el).paddingTop);
    expect(padding).toBe('80px');
    const header = await page.getByRole('banner').boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  });

  test('the footer starts below the first screen, so content arriving late cannot push it down', async ({
    page,
  }) => {
    // Short pages: the footer would sit in sight at the bottom of the screen, and move when a
    // page's text (a lazily loaded language file) arrives — a layout shift.
    for (const path of ['/404', '/coming-soon']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const footer = await page.getByTestId('site-footer').boundingBox();
      expect(footer!.y, path).toBeGreaterThanOrEqual(page.viewportSize()!.height);
    }
  });

  test('a page that throws shows the error screen and logs the error on the server', async ({ page }) => {
    const report = page.waitForRequest(
      (r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST',
    );
    await page.goto('/__test/render-error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RENDER_ERROR);
    const body = (await report).postDataJSON();
    expect(body.kind).toBe('render');
    expect(body.message).toContain('Render error probe');
    await expect(page.getByRole('banner')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a page whose code is missing says so: load error "missing"', async ({ page }) => {
    await page.route(/\/assets\/faqs-page-[^/]+\.js$/, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"gone","code":"not_found"}',
      }),
    );
    await page.goto('/faqs');
    const panel = page.locator('[data-load-error]');
    await expect(panel).toHaveAttribute('data-load-error', 'missing');
    await expect(panel).toContainText('load error: missing');
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  });

  test('a page whose code cannot be fetched says so: load error "other"', async ({ page }) => {
    await page.route(/\/assets\/faqs-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/faqs');
    await expect(page.locator('[data-load-error]')).toHaveAttribute('data-load-error', 'other');
  });

  test('the route table of the other pages cannot be fetched: load error inside the page, and the next link tries again', async ({
    page,
  }) => {
    // The landing page carries only its own route; the others come on the first other path.
    const table = /\/assets\/portal-routes-[^/]+\.js$/;
    await page.route(table, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.locator('[data-load-error]')).toHaveAttribute('data-load-error', 'other');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute(table);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  });

  test('the language switch turns the portal into Kiswahili and remembers it', async ({ page }) => {
    await page.goto('/404');
    await chooseLanguage(page, 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hatukuweza kupata ukurasa huo');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page).toHaveTitle(`Ukurasa haupatikani | ${PORTAL}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hatukuweza kupata ukurasa huo');
    await expectNoAxeViolations(page);
  });

  test('the API documentation is served at /api/docs', async ({ request }) => {
    const doc = await request.get('/api/docs/json');
    expect(doc.ok()).toBe(true);
    expect((await doc.json()).paths['/api/county']).toBeDefined();
  });
});
