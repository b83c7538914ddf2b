import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/ports';

/**
 * Browser tests in Debian's Chromium (/usr/bin/chromium; never a downloaded browser), at a
 * phone's width (360 px) and a desktop's (1280 px). The server is built and started by
 * support/start-server.mjs on a fresh PGlite database, beside the M-Pesa simulator.
 */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more (a timing hiccup on a loaded 2-core machine); a
  // test that passes only the second time is reported as flaky in the list, never hidden.
  retries: process.env.CI ? 1 : 0,
  // A whole journey (sign-up to receipt) with axe-core on every page takes most of a minute on a
  // quiet 2-core machine; on a busy one the same run needs more. Each step still waits 10 s at most.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The portal's service worker (decision 039) would answer from its caches what a test routes
    // or fails on purpose (page.route): the journeys run without it; offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  // Every test runs at a phone's width, where most citizens meet the portal. At a desktop's width
  // run the tests tagged @desktop: the pages whose layout changes there (the public pages, the
  // shell and header, the back office officers use at a desk). A journey's steps are the same
  // code at both widths, and the layouts that differ are checked at both; running every journey
  // twice doubled the browser tests (9.8 min on a quiet 2-core machine, 26.7 on a busy one).
  projects: [
    {
      name: 'phone-360',
      use: { ...chromium, viewport: { width: 360, height: 780 }, isMobile: false, hasTouch: true },
    },
    {
      name: 'desktop-1280',
      grep: /@desktop/,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    url: `${E2E_BASE_URL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
