// The gzipped JavaScript that the landing page loads, measured in Chromium: every script the
// page fetches (modules, preloads and what the page fetches after it is idle, until nothing new
// comes for two seconds), gzipped at level 9 (what the server sends). Budget 150 KiB.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { printTable, startPortal } from './support.mjs';

export const BUDGET_KIB = 150;

export async function measureLandingBundle() {
  const portal = await startPortal(3301);
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
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const scripts = new Map();
    let lastScriptAt = Date.now();
    const onResponse = (response) => {
      const type = response.headers()['content-type'] ?? '';
      const path = new URL(response.url()).pathname;
      if (!type.includes('javascript') || scripts.has(path)) return;
      lastScriptAt = Date.now();
      // A body that can no longer be read (the page went away) counts as nothing, never a crash.
      scripts.set(
        path,
        response.body().then(
          (body) => ({ url: path, raw: body.length, gz: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    };
    page.on('response', onResponse);
    await page.goto(`${portal.url}/`, { waitUntil: 'networkidle' });
    // Scripts the page asks for once it is idle (prefetched routes) count too: wait for quiet.
    while (Date.now() - lastScriptAt < 2_000) await page.waitForTimeout(250);
    page.off('response', onResponse);
    const files = (await Promise.all(scripts.values())).filter(Boolean);
    const totalGz = files.reduce((sum, f) => sum + f.gz, 0);
    const totalRaw = files.reduce((sum, f) => sum + f.raw, 0);
    printTable('Landing page JavaScript (gzipped, level 9)', [
      ...files
        .sort((a, b) => b.gz - a.gz)
        .map((f) => [f.url, `${(f.gz / 1024).toFixed(1)} KiB (raw ${(f.raw / 1024).toFixed(1)} KiB)`]),
      [
        'total',
        `${(totalGz / 1024).toFixed(1)} KiB gzipped, ${(totalRaw / 1024).toFixed(1)} KiB raw, ${files.length} files`,
      ],
      ['budget', `${BUDGET_KIB} KiB → ${totalGz / 1024 <= BUDGET_KIB ? 'within budget' : 'OVER BUDGET'}`],
    ]);
    return { totalGzKiB: totalGz / 1024, files: files.length, withinBudget: totalGz / 1024 <= BUDGET_KIB };
  } finally {
    await browser.close();
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureLandingBundle();
