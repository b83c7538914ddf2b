// Issue 43's goals on a slow link, measured in Debian's Chromium through the DevTools protocol:
// largest contentful paint at 360 px on "slow 3G" (400 ms round trip, 400 kbit/s each way, CPU
// slowed 4×) for the public pages, on a cold cache and on a repeat visit (the service worker and
// its caches in place), and whether Chromium finds the app installable. Each row beside its goal.
import { availableParallelism } from 'node:os';
import { chromium } from 'playwright-core';
import { printTable, startPortal } from './support.mjs';

// Issue 43's four pages, then the public pages added since (decision 020).
const PAGES = ['/', '/login', '/e-verify', '/parking', '/markets/cess', '/public-toilets'];
const GOAL_COLD_MS = 2500;
const GOAL_REPEAT_MS = 1000;
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

/** The page's largest contentful paint (ms from navigation start), 5 s after its network went quiet (hydration may paint a later, larger element). */
async function lcpOf(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Math.round(last)), 5000);
      }),
  );
}

async function throttled(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/**
 * The same link and CPU for the service worker: it is a target of its own, whose fetches (a page
 * it asks the network for) the page's emulation does not slow down. Without this a repeat visit's
 * page came from the network in 15 ms (the worker's fetch, unthrottled), not 400 ms and more.
 * Reached through the browser's session (Playwright opens none for a worker), by the plain
 * (unflattened) protocol messages to the worker's target.
 */
async function throttleServiceWorkers(browser) {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const workers = targetInfos.filter((t) => t.type === 'service_worker');
  if (workers.length === 0) throw new Error('no service worker to slow down');
  let lastId = 0;
  const waiting = new Map();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const answer = JSON.parse(message);
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  for (const worker of workers) {
    const { sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    const send = (method, params) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        waiting.set(id, (answer) =>
          answer.error ? reject(new Error(answer.error.message)) : resolve(answer),
        );
        cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        });
      });
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', SLOW_3G);
    await send('Emulation.setCPUThrottlingRate', { rate: 4 }).catch(() => undefined);
  }
  return cdp;
}

export async function measureSlowLink() {
  const portal = await startPortal(3304);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const rows = [];
  let met = true;
  let installable = 'no';
  try {
    for (const path of PAGES) {
      // A new profile: cold cache, no service worker.
      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, hasTouch: true });
      const page = await context.newPage();
      const cdp = await throttled(context, page);
      await page.goto(`${portal.url}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
      const cold = await lcpOf(page);
      // The service worker registers after the load event; wait until it controls the page.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller)
          await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r));
      });
      if (path === '/') {
        // A Playwright profile is a private one, which Chromium gives as a reason of its own.
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
        installable = errors.length === 0 ? 'yes' : `no (${errors.join(', ')})`;
      }
      // Let the worker keep what the first visit fetched (the page, its chunks and texts).
      await page.waitForLoadState('networkidle');
      // A repeat visit: the same address again, as from the home screen (a new page, the same
      // profile), the worker on the same slow link.
      const workerCdp = await throttleServiceWorkers(browser);
      const again = await context.newPage();
      await throttled(context, again);
      await again.goto(`${portal.url}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
      const repeat = await lcpOf(again);
      await workerCdp.detach();
      await context.close();
      const ok = cold <= GOAL_COLD_MS && repeat <= GOAL_REPEAT_MS;
      met &&= ok;
      rows.push([
        path,
        `LCP cold ${(cold / 1000).toFixed(2)} s (goal ≤ ${GOAL_COLD_MS / 1000} s), repeat ${(repeat / 1000).toFixed(2)} s (goal ≤ ${GOAL_REPEAT_MS / 1000} s)${ok ? '' : '  NOT met'}`,
      ]);
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  rows.push(['installable', `${installable} (goal: yes, Chromium's Page.getInstallabilityErrors)`]);
  rows.push([
    'machine',
    `${availableParallelism()} cores; slow 3G: 400 ms RTT, 400 kbit/s each way, CPU 4×, 360 px`,
  ]);
  printTable('Slow link (issue 43): largest contentful paint, cold and repeat', rows);
  return { met: met && installable === 'yes' };
}

if (import.meta.url === `file://${process.argv[1]}`) await measureSlowLink();
