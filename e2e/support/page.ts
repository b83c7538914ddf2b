import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';

/** Where screenshots for a person to look at go (E2E_SCREENS moves them). */
export const SCREENS = process.env.E2E_SCREENS ?? join(import.meta.dirname, '..', 'test-results', 'screens');

/** A full-page screenshot named after the test's project (phone-360, desktop-1280). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENS, `${name}-${test.info().project.name}.png`), fullPage: true });
}

/** Nothing on the page is wider than the window (no sideways scrolling on a phone). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

/**
 * The header folds its navigation (language list and account menu included) into a Menu button
 * at 998 px or less. Decided by the window's width, never by whether the button is already drawn:
 * asking that before the first paint raced and skipped the click.
 */
export function isHeaderFolded(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) <= 998;
}

export async function openHeaderMenu(page: Page): Promise<void> {
  if (isHeaderFolded(page)) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Menu|Menyu)$/ })
      .click();
  }
}

export async function closeHeaderMenu(page: Page): Promise<void> {
  if (isHeaderFolded(page)) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Close menu|Funga menyu)$/ })
      .click();
  }
}

/** Switches the portal's language with the header's list (through the Menu on a phone). */
export async function chooseLanguage(page: Page, language: 'en' | 'sw'): Promise<void> {
  await openHeaderMenu(page);
  await page
    .getByRole('combobox', { name: /^(Language|Lugha)$/ })
    .filter({ visible: true })
    .selectOption(language);
  await closeHeaderMenu(page);
}
