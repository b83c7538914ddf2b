import { randomInt } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { gotoServerPage, signInNewUser, signUpThroughApi } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { issuedEventId } from '../support/flow';
import { screenshot } from '../support/page';
import { E2E_BASE_URL } from '../support/ports';

/**
 * Issue 43: the public pages without JavaScript, the installable app, pages opened offline with
 * the notice, and a wizard whose answers survive a dropped connection (decisions 020 and 039).
 */

const OFFLINE = /You are offline\./;

/** Waits until the service worker controls the page (it claims open pages once it activates). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

async function goOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages show their heading and text from the server, in English and Kiswahili', async ({
    page,
    context,
    request,
  }) => {
    const event = `/social/event/${await issuedEventId(request)}`;
    const pages: [path: string, en: RegExp, sw: RegExp][] = [
      ['/', /^Pay county bills/, /^Lipa bili za kaunti/],
      ['/login', /^Sign in$/, /^Ingia$/],
      ['/signup', /^Create an account$/, /^Fungua akaunti$/],
      ['/recover-password', /^Recover your password$/, /^Rejesha nenosiri lako$/],
      ['/e-verify', /^E-Verify$/, /^E-Verify$/],
      ['/parking', /^Pay for parking$/i, /^Lipia maegesho$/i],
      ['/faqs', /^Frequently asked questions$/, /^Maswali yanayoulizwa mara kwa mara$/],
      ['/contact', /^Contact us$/, /^Wasiliana nasi$/],
      ['/data-privacy-policy', /^Data privacy policy$/, /^Sera ya faragha ya data$/],
      ['/markets/cess', /^Market Cess$/, /^Ushuru wa Soko$/],
      ['/public-toilets', /^Public toilets$/, /^Vyoo vya umma$/],
      [event, /^Event permit check$/, /^Kuangalia kibali cha tukio$/],
    ];
    for (const language of ['en', 'sw'] as const) {
      // The reader's choice on this device (the cookie the app writes), as the server reads it.
      await context.addCookies([{ name: 'kaunti_language', value: language, url: E2E_BASE_URL }]);
      for (const [path, en, sw] of pages) {
        await page.goto(path);
        await expect(page.locator('html'), path).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(language === 'en' ? en : sw);
        expect((await page.locator('main').innerText()).length, path).toBeGreaterThan(80);
      }
    }
    // The data the pages read, in their HTML: the toilets listed, the event and its permit's standing.
    await context.addCookies([{ name: 'kaunti_language', value: 'en', url: E2E_BASE_URL }]);
    await page.goto('/public-toilets');
    await expect(page.getByTestId(/^toilet-/).first()).toContainText('Where');
    await page.goto(event);
    await expect(page.getByTestId('verify-result')).toHaveAttribute('data-status', 'valid');
    await expect(page.getByTestId('verify-result')).toContainText('Eastlands Arts Collective');
  });

  test('market cess sent before the script arrived: the page again with what was typed, nothing paid', async ({
    page,
  }) => {
    await page.goto('/markets/cess');
    await page.getByRole('textbox', { name: /Number plate/ }).fill('KCA 123B');
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByText(/nothing was sent and nothing was paid/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Number plate/ })).toHaveValue('KCA 123B');
  });

  test("E-Verify's code, parking's amount and sign-in's first step work as plain forms", async ({
    page,
    request,
  }) => {
    // E-Verify: the code typed goes as ?code=, and the server answers with the check.
    const samples = (await (await request.get('/api/verify/samples')).json()) as {
      documents: { status: string; url: string }[];
    };
    const valid = samples.documents.find((d) => d.status === 'valid')!;
    const code = new URL(valid.url).searchParams.get('code')!;
    await page.goto('/e-verify');
    await page.getByLabel('Verification code or link').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page).toHaveURL(/\/e-verify\?code=/);
    await expect(page.getByRole('heading', { name: 'Genuine document' })).toBeVisible();

    // Parking: the amount for the zone and vehicle, with what was typed; no prompt is sent.
    await page.goto('/parking');
    await page.getByRole('textbox', { name: /Number plate/ }).fill('KDA 123A');
    await page.getByRole('combobox', { name: /Parking zone/ }).selectOption('Z1');
    await page.getByRole('combobox', { name: /Vehicle type/ }).selectOption('saloon');
    await page.getByRole('textbox', { name: /M-Pesa phone number/ }).fill('0712345655');
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    await expect(page.getByTestId('parking-amount')).toHaveText('Amount to pay today: KES 300.00');
    await expect(page.getByRole('textbox', { name: /Number plate/ })).toHaveValue('KDA 123A');

    // Sign-in: the password step posts, and the page asks for the code sent by SMS.
    const user = await signUpThroughApi(request);
    await page.goto('/login');
    await page.getByRole('textbox', { name: /Phone number or ID number/ }).fill(user.identifier);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  });
});

test.describe('installable and offline', () => {
  // The other specs run without the service worker (playwright.config.ts): these need it.
  test.use({ serviceWorkers: 'allow' });
  test('the manifest is linked and the app is installable; a visited page opens offline with the notice', async ({
    page,
    context,
  }) => {
    await gotoServerPage(page, '/faqs');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', theme_color: '#0b6b3a' });
    await controlledByWorker(page);
    // Chromium's own verdict on installing the app (a test's browser profile is a private one,
    // which Chromium names as a reason of its own: not the app's).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);

    // A repeat visit of a public page waits for no request: the worker answers from the copy it
    // kept (the page open when it arrived), and fetches the next copy behind it.
    await expect
      .poll(async () => {
        await gotoServerPage(page, '/faqs');
        return page.evaluate(() => {
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return navigation.transferSize;
        });
      })
      .toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Frequently asked questions/);
    await expect(page.getByTestId('offline-notice')).toHaveText('');

    // Visited once the worker is there: kept. Offline, it opens, with the notice, in a live region.
    await gotoServerPage(page, '/faqs');
    await gotoServerPage(page, '/contact');
    await goOffline(context, page, true);
    await page.goto('/faqs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Frequently asked questions|FAQ/i);
    const notice = page.getByTestId('offline-notice');
    await expect(notice).toHaveText(OFFLINE);
    await expect(notice).toHaveAttribute('aria-live', 'polite');
    await expectNoAxeViolations(page);
    await screenshot(page, 'offline-faqs');

    // A page never opened: the worker's own page says so, in both languages.
    await page.goto('/data-privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText(/Huna mtandao\./)).toBeVisible();
    await expectNoAxeViolations(page);

    // Back online: the page comes from the network again, without the notice.
    await page.goto('/contact');
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE);
    await context.setOffline(false);
    await gotoServerPage(page, '/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Contact/);
    await expect(page.getByTestId('offline-notice')).toHaveText('');
  });

  test('paying needs a connection: offline, the pay button says so and sends nothing', async ({
    page,
    context,
  }) => {
    await gotoServerPage(page, '/parking');
    await controlledByWorker(page);
    await gotoServerPage(page, '/parking');
    await goOffline(context, page, true);
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && sent.push(r.url()));
    await page.getByRole('textbox', { name: /Number plate/ }).fill('KDA 123A');
    await page.getByRole('combobox', { name: /Parking zone/ }).selectOption('Z1');
    await page.getByRole('combobox', { name: /Vehicle type/ }).selectOption('saloon');
    await page
      .getByRole('textbox', { name: /M-Pesa phone number/ })
      .fill(`07${randomInt(10, 99)}${randomInt(1000, 9999)}55`);
    const pay = page.getByRole('button', { name: 'Pay with M-Pesa' });
    await expect(pay).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(/^Paying needs a connection\./)).toBeVisible();
    // A press (forced: it is aria-disabled) sends nothing.
    await pay.click({ force: true });
    expect(sent).toEqual([]);
    await expectNoAxeViolations(page);
    await goOffline(context, page, false);
    await expect(pay).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('a wizard typed offline survives a reload offline, and its draft reaches the server when back', async ({
    page,
    context,
  }) => {
    const user = await signInNewUser(page);
    await page.goto('/land-survey');
    await controlledByWorker(page);
    const lr = page.getByRole('textbox', { name: /Land \/ parcel number/ });
    const status = page.getByText(/^(Saved|Saving…|Saved on this device — will sync when back online)$/);
    await lr.fill('209/10002');
    await expect(status).toHaveText('Saved');
    await expect(page).toHaveURL(/\/land-survey\?draft=[0-9a-f-]{36}$/);
    const draftId = new URL(page.url()).searchParams.get('draft')!;
    // Opened again through the worker, so the page is kept at its address.
    await page.reload();
    await expect(lr).toHaveValue('209/10002');

    await goOffline(context, page, true);
    await lr.fill('209/10007');
    await expect(status).toHaveText('Saved on this device — will sync when back online');
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE);
    // The phone reloads the page with no connection: the page and the answers are there.
    await page.reload();
    await expect(lr).toHaveValue('209/10007');
    await expect(page.getByTestId('offline-notice')).toHaveText(OFFLINE);
    await expectNoAxeViolations(page);

    await goOffline(context, page, false);
    await expect(status).toHaveText('Saved');
    const draft = await page.request.get(`/api/drafts/${draftId}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(draft.status()).toBe(200);
    expect((await draft.json()).values).toMatchObject({ lr_number: '209/10007' });
  });
});
