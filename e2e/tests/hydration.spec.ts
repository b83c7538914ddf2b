import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { issuedEventId } from '../support/flow';
import { E2E_BASE_URL } from '../support/ports';

/**
 * Issue 43: a public page rendered on the server (decision 020) is taken over by its script
 * (hydrated) without a console error and without moving anything already on the screen: the
 * cumulative layout shift, measured in the page by a PerformanceObserver for 'layout-shift' from
 * its first paint, is 0. Each public page, in English and in Kiswahili, at both widths.
 */

const TERMS = [
  'general',
  'payments',
  'business-permit',
  'unified-business-permit',
  'land-services',
  'parking',
];

const PAGES = [
  '/',
  '/login',
  '/signup',
  '/recover-password',
  '/e-verify',
  '/parking',
  '/faqs',
  '/contact',
  '/data-privacy-policy',
  ...TERMS.map((id) => `/terms-and-conditions/${id}`),
  '/reserved-parking-terms-and-conditions',
  '/markets/cess',
  '/public-toilets',
];

declare global {
  interface Window {
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** Before any of the page's own script: every layout shift not caused by the reader, with what moved. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShifts!.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => {
            const node = s.node;
            if (!(node instanceof Element)) return node?.nodeName ?? '?';
            return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${node.className} "${(node.textContent ?? '').slice(0, 40)}"`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Console errors and uncaught errors, as React reports a hydration that did not match. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens a page and waits until React has taken it over and its requests are done. */
async function openAndHydrate(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // The server's HTML, before the script.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // React marks the container it hydrated (or drew) with its own property.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root');
        return root ? Object.keys(root).some((key) => key.startsWith('__reactContainer')) : false;
      }),
    )
    .toBe(true);
  await page.waitForLoadState('networkidle');
  // Two frames: whatever the last answer changed has been laid out and observed.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

test.describe('hydration of the public pages', { tag: '@desktop' }, () => {
  for (const language of ['en', 'sw'] as const) {
    test(`no console error and no layout shift, ${language}`, async ({ page, context, request }) => {
      test.setTimeout(240_000);
      const event = `/social/event/${await issuedEventId(request)}`;
      await context.addCookies([{ name: 'kaunti_language', value: language, url: E2E_BASE_URL }]);
      await recordLayoutShifts(page);
      const errors = collectErrors(page);
      const found: string[] = [];
      for (const path of [...PAGES, event]) {
        errors.length = 0;
        await openAndHydrate(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        // Hydrated from the server's markup, not drawn afresh: the page says it was rendered.
        expect(
          await page.evaluate(() =>
            document.getElementById('kaunti-bootstrap')?.textContent?.includes('"page"'),
          ),
          path,
        ).toBe(true);
        const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        if (cls > 0) found.push(`${path}: CLS ${cls.toFixed(4)} ${JSON.stringify(shifts)}`);
        if (errors.length > 0) found.push(`${path}: ${errors.join(' | ')}`);
      }
      expect(found, 'layout shifts and console errors').toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});
