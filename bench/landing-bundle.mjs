// The gzipped JavaScript each citizen route loads on a first visit, measured in Chromium: every
// script the page fetches (modules, preloads and what the page fetches after it is idle, until
// nothing new comes for two seconds), gzipped at level 9 (what the server sends), each route in
// a fresh browser context (nothing cached). Every route of the spec (shared/spec/portal-spec.md,
// section 2) is measured: the public ones without a session, the protected ones with the demo
// citizen's, the printables under /downloads/ by name. Goal 120 KiB on the landing page; budget
// 150 KiB on every route. BENCH_ROUTES=/a,/b measures only those; BENCH_FILES=n lists each
// route's n largest scripts (default: three, for the landing page, /login and /land-rates-bill).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { demoSession, printTable, startPortal } from './support.mjs';

export const BUDGET_KIB = 150;
const LANDING_GOAL_KIB = 120;

/** The spec's public routes (section 2), with an example for each parameter. */
const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/recover-password',
  '/parking',
  '/parking/KBZ123A',
  '/public-toilets',
  '/markets/cess',
  '/social/event/1',
  '/contact',
  '/faqs',
  '/terms-and-conditions/general',
  '/reserved-parking-terms-and-conditions',
  '/data-privacy-policy',
  '/e-verify',
  '/everify/s/1/1',
  '/everify/i/1/1',
  '/coming-soon',
  '/404',
];
const DETAILED = new Set(['/', '/login', '/land-rates-bill']);
/** Routes measured at once (separate contexts of one browser): the figures are bytes, not times. */
const AT_ONCE = 4;

async function scriptsOf(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  if (token)
    await context.addCookies([
      { name: 'kaunti_token', value: encodeURIComponent(token), url, sameSite: 'Strict' },
    ]);
  const page = await context.newPage();
  const scripts = new Map();
  let lastScriptAt = Date.now();
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const path = new URL(response.url()).pathname;
    if (!type.includes('javascript') || scripts.has(path)) return;
    lastScriptAt = Date.now();
    scripts.set(
      path,
      response.body().then(
        (body) => ({ url: path, raw: body.length, gz: gzipSync(body, { level: 9 }).length }),
        // A download the closing browser cut short: not counted twice, but said.
        () => ({ url: `${path} (cut short)`, raw: 0, gz: 0 }),
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Scripts the page asks for once it is idle (prefetched routes) count too: wait for quiet.
  while (Date.now() - lastScriptAt < 2_000) await page.waitForTimeout(250);
  const files = await Promise.all(scripts.values());
  await context.close();
  return files;
}

export async function measureLandingBundle() {
  const portal = await startPortal(3301, { KAUNTI_DEV_OUTBOX: 'true' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    // The printables and the protected routes: the lists the app itself keeps.
    const { PRINTABLE_NAMES } = await tsImport('../packages/contract/src/printables.ts', import.meta.url);
    const { PROTECTED_PATHS } = await tsImport('../apps/web/src/app/protected-paths.ts', import.meta.url);
    const token = await demoSession(portal.url);
    const only = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim());
    const routes = [
      ...[...PUBLIC_ROUTES, ...PRINTABLE_NAMES.map((name) => `/downloads/${name}`)].map((path) => ({ path })),
      ...PROTECTED_PATHS.map((path) => ({ path, token })),
    ].filter(({ path }) => !only || only.includes(path));
    const measured = new Array(routes.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < routes.length) {
          const index = next++;
          const files = await scriptsOf(browser, `${portal.url}${routes[index].path}`, routes[index].token);
          if (files.length === 0)
            throw new Error(`${routes[index].path} loaded no script: is the web app built (npm run build)?`);
          measured[index] = files;
        }
      }),
    );
    const results = {};
    const rows = [];
    const listed = process.env.BENCH_FILES === undefined ? undefined : Number(process.env.BENCH_FILES);
    routes.forEach(({ path, token: session }, index) => {
      const files = measured[index];
      const gz = files.reduce((sum, f) => sum + f.gz, 0) / 1024;
      results[path] = gz;
      const goal = path === '/' ? LANDING_GOAL_KIB : BUDGET_KIB;
      const verdict = [
        path === '/' ? `goal ≤ ${goal} → ${gz <= goal ? 'met' : 'NOT MET'}; ` : '',
        `budget ${BUDGET_KIB} → ${gz <= BUDGET_KIB ? 'within' : 'OVER'}`,
      ].join('');
      rows.push([
        `${path}${session ? ' (signed in)' : ''}`,
        `${gz.toFixed(1)} KiB (${files.length} files); ${verdict}`,
      ]);
      const count = listed ?? (DETAILED.has(path) ? 3 : 0);
      for (const f of [...files].sort((a, b) => b.gz - a.gz).slice(0, count))
        rows.push([`    ${f.url}`, `${(f.gz / 1024).toFixed(1)} KiB`]);
    });
    const figures = Object.entries(results).sort((a, b) => b[1] - a[1]);
    const over = figures.filter(([, kib]) => kib > BUDGET_KIB);
    rows.push(['routes measured', String(figures.length)]);
    rows.push([
      'over the budget',
      `${over.length}${over.length ? ` (largest ${figures[0][0]} ${figures[0][1].toFixed(1)} KiB)` : ''}`,
    ]);
    printTable('JavaScript on first load, every route (gzipped, level 9)', rows);
    return { totalGzKiB: results['/'], routes: results, withinBudget: over.length === 0 };
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLandingBundle();
