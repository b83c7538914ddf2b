// The gzipped JavaScript each citizen route loads on a first visit, measured in Chromium: every
// script the page fetches (modules, preloads and what the page fetches after it is idle, until
// nothing new comes for two seconds), gzipped at level 9 (what the server sends), each route in
// a fresh browser context (nothing cached). Routes: the landing page (goal 120 KiB), the sign-in
// page and a signed-in service page (the demo citizen's session). Budget 150 KiB on every route.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { demoSession, printTable, startPortal } from './support.mjs';

export const BUDGET_KIB = 150;
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
    const token = await demoSession(portal.url);
    const routes = [
      ['/', undefined, 120],
      ['/login', undefined, BUDGET_KIB],
      ['/land-rates-bill (signed in)', token, BUDGET_KIB],
    ];
    const results = {};
    const rows = [];
    for (const [label, session, goal] of routes) {
      const path = label.split(' ')[0];
      const files = await scriptsOf(browser, `${portal.url}${path}`, session);
      if (files.length === 0)
        throw new Error(`${path} loaded no script: is the web app built (npm run build)?`);
      const gz = files.reduce((sum, f) => sum + f.gz, 0) / 1024;
      const raw = files.reduce((sum, f) => sum + f.raw, 0) / 1024;
      results[path] = gz;
      const largest = [...files].sort((a, b) => b.gz - a.gz).slice(0, Number(process.env.BENCH_FILES ?? 3));
      rows.push([
        label,
        `${gz.toFixed(1)} KiB gzipped (${raw.toFixed(1)} KiB raw, ${files.length} files); goal ≤ ${goal} → ${gz <= goal ? 'met' : 'NOT MET'}; budget ${BUDGET_KIB} → ${gz <= BUDGET_KIB ? 'within' : 'OVER'}`,
      ]);
      for (const f of largest) rows.push([`    ${f.url}`, `${(f.gz / 1024).toFixed(1)} KiB`]);
    }
    printTable('JavaScript on first load, per route (gzipped, level 9)', rows);
    return {
      totalGzKiB: results['/'],
      routes: results,
      withinBudget: Object.values(results).every((kib) => kib <= BUDGET_KIB),
    };
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLandingBundle();
