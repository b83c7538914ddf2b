import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { chooseLanguage, expectNoHorizontalScroll, SCREENS } from '../support/page';

const PORTAL = 'Nairobi City County e-Services';

interface PublicPage {
  name: string;
  path: string;
  h1: string;
  /** The route's title; none for the landing page, whose title is the portal name alone. */
  title?: string;
  /** Shown in the services layout with the information menu. */
  inServicesLayout: boolean;
}

const TERMS: [id: string, name: string][] = [
  ['general', 'Use of the portal'],
  ['payments', 'E-payments and M-Pesa'],
  ['business-permit', 'Single Business Permit'],
  ['unified-business-permit', 'Unified Business Permit'],
  ['land-services', 'Land services'],
  ['parking', 'Parking'],
];

const PAGES: PublicPage[] = [
  {
    name: 'landing',
    path: '/',
    h1: 'Pay county bills, apply for services and verify documents online',
    inServicesLayout: false,
  },
  { name: 'contact', path: '/contact', h1: 'Contact us', title: 'Contact us', inServicesLayout: true },
  {
    name: 'faqs',
    path: '/faqs',
    h1: 'Frequently asked questions',
    title: 'Frequently asked questions',
    inServicesLayout: true,
  },
  ...TERMS.map(
    ([id, name]): PublicPage => ({
      name: `terms-${id}`,
      path: `/terms-and-conditions/${id}`,
      h1: `Terms and conditions: ${name}`,
      title: `Terms and conditions: ${name}`,
      inServicesLayout: true,
    }),
  ),
  {
    name: 'reserved-parking-terms',
    path: '/reserved-parking-terms-and-conditions',
    h1: 'Reserved parking terms and conditions',
    title: 'Reserved parking terms and conditions',
    inServicesLayout: true,
  },
  {
    name: 'privacy',
    path: '/data-privacy-policy',
    h1: 'Data privacy policy',
    title: 'Data privacy policy',
    inServicesLayout: true,
  },
];

function isDesktop(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) > 998;
}

test.describe('public pages', { tag: '@desktop' }, () => {
  for (const info of PAGES) {
    test(`${info.name} (${info.path}): h1, title, footer, fits the screen, accessible`, async ({
      page,
    }, testInfo) => {
      await page.goto(info.path);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(info.h1);
      await expect(h1).toHaveCount(1);
      await expect(page).toHaveTitle(info.title ? `${info.title} | ${PORTAL}` : PORTAL);
      await expect(page.getByTestId('site-footer')).toBeVisible();
      if (info.inServicesLayout) {
        await expect(page.locator('[data-layout]')).toHaveAttribute(
          'data-layout',
          isDesktop(page) ? 'desktop' : 'mobile',
        );
      }
      // Nothing under the fixed header.
      const header = await page.getByRole('banner').boundingBox();
      const heading = await h1.boundingBox();
      expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: join(SCREENS, `${info.name}-${testInfo.project.name}.png`),
        fullPage: true,
      });
    });
  }

  test('the landing page links to the primary actions and shows the paybill', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Pay a bill' })).toHaveAttribute('href', '/payment');
    await expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await expect(main.getByTestId('landing-paybill')).toHaveText('Paybill 6060047');
    await expect(main.getByRole('region', { name: 'How to pay' })).toContainText(
      'Co-operative Bank of Kenya',
    );
    await expect(main.getByRole('link', { name: 'Land Rates Bill' })).toHaveAttribute(
      'href',
      '/land-rates-bill',
    );
  });

  test('the contact page lists the 17 sub-county offices and calls by tel: links', async ({ page }) => {
    await page.goto('/contact');
    const offices = page.getByTestId('sub-counties').getByRole('listitem');
    await expect(offices).toHaveCount(17);
    await expect(offices.first()).toContainText('Westlands');
    await expect(page.getByTestId('sub-counties')).toContainText('Mathare');
    await expect(page.getByRole('main').getByRole('link', { name: '+254 725 624 489' })).toHaveAttribute(
      'href',
      'tel:+254725624489',
    );
  });

  test('an FAQ answer opens from the keyboard', async ({ page }) => {
    await page.goto('/faqs');
    await expect(page.locator('details > summary')).not.toHaveCount(0);
    expect(await page.locator('details > summary').count()).toBeGreaterThanOrEqual(14);
    const question = page.getByText('Money left my M-Pesa but the bill still shows unpaid.');
    const answer = page.getByText('Do not pay again.', { exact: false });
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
  });

  test('the services layout: a left menu on a desktop, a menu button on a phone', async ({ page }) => {
    await page.goto('/contact');
    const menuName = 'Help and information';
    if (isDesktop(page)) {
      const layout = page.locator('[data-layout="desktop"]');
      await expect(layout).toBeVisible();
      const nav = layout.getByRole('navigation', { name: menuName });
      await expect(nav).toBeVisible();
      await expect(nav.getByRole('link', { name: /^Contact us/ })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: /^Frequently asked questions/ })).not.toHaveAttribute(
        'aria-current',
      );
      await nav.getByRole('link', { name: /^Data privacy policy/ }).click();
      await expect(page).toHaveURL(/\/data-privacy-policy$/);
      await expect(nav.getByRole('link', { name: /^Data privacy policy/ })).toHaveAttribute(
        'aria-current',
        'page',
      );
    } else {
      await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
      const button = page.getByRole('button', { name: menuName });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('navigation', { name: menuName });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: /^Contact us/ })).toHaveAttribute('aria-current', 'page');
      // Tab to the FAQs entry and open it with Enter.
      const target = menu.getByRole('link', { name: /^Frequently asked questions/ });
      for (let i = 0; i < 10; i++) {
        if (await target.evaluate((el) => el === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      await expect(target).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/faqs$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('the landing page in Kiswahili', async ({ page }) => {
    await page.goto('/');
    await chooseLanguage(page, 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Lipa bili za kaunti, omba huduma na uthibitishe hati mtandaoni',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Jinsi ya kulipa' })).toBeVisible();
    await expect(page).toHaveTitle(PORTAL);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('an information page in Kiswahili', async ({ page }, testInfo) => {
    await page.goto('/terms-and-conditions/business-permit');
    await chooseLanguage(page, 'sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sheria na masharti: Kibali Kimoja cha Biashara',
    );
    await expect(page).toHaveTitle(`Sheria na masharti: Kibali Kimoja cha Biashara | ${PORTAL}`);
    await expect(page.getByRole('main')).toContainText(
      'faini ya hadi shilingi 50,000 au kifungo cha miezi 3',
    );
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: join(SCREENS, `terms-sw-${testInfo.project.name}.png`), fullPage: true });

    await page.goto('/faqs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maswali yanayoulizwa mara kwa mara');
    await expect(page.getByText('Ninafunguaje akaunti?')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown terms id shows the 404 page', async ({ page }) => {
    await page.goto('/terms-and-conditions/no-such-terms');
    await expect(page.getByRole('heading', { level: 1, name: 'We could not find that page' })).toBeVisible();
    await expect(page).toHaveTitle(`Page not found | ${PORTAL}`);
    await expect(page.getByTestId('site-footer')).toBeVisible();
  });

  test('/terms-and-conditions goes to the general terms', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page).toHaveURL(/\/terms-and-conditions\/general$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Terms and conditions: Use of the portal',
    );
  });
});
