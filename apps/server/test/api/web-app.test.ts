import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIndex } from '../../src/platform/http/web-app';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kaunti-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>County e-Services</title><!--kaunti-bootstrap--><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"></head><body><div id="root"></div></body></html>',
  );
  // The build's manifest: the app's start (imported by the entry after the first paint) imports
  // react, which the page loads already, and a chunk of its own (session); the route table's
  // chunk imports react and one chunk the page does not load (catalogue-index), and a page chunk
  // only dynamically.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc123.js',
        isEntry: true,
        imports: ['_react-r1.js'],
        dynamicImports: ['src/start.tsx', 'src/app/portal-routes.tsx'],
      },
      'src/start.tsx': {
        file: 'assets/start-s1.js',
        isDynamicEntry: true,
        imports: ['_react-r1.js', '_session-s2.js', 'index.html'],
      },
      '_session-s2.js': { file: 'assets/session-s2.js', imports: ['_react-r1.js'] },
      '_react-r1.js': { file: 'assets/react-r1.js' },
      '_catalogue-index-c1.js': { file: 'assets/catalogue-index-c1.js', imports: ['_react-r1.js'] },
      'src/app/portal-routes.tsx': {
        file: 'assets/portal-routes-p1.js',
        isDynamicEntry: true,
        imports: ['index.html', '_react-r1.js', '_catalogue-index-c1.js'],
        dynamicImports: ['src/features/accounts/login-page.tsx'],
      },
      'src/features/accounts/login-page.tsx': { file: 'assets/login-page-l1.js', isDynamicEntry: true },
    }),
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {}); // the build\'s worker');
  t = await createTestApp({ KAUNTI_WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers every page route with index.html, carrying the county and its portal name', async () => {
    for (const url of ['/', '/faqs', '/land-transfer?step=2', '/downloads/Invoice', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).toContain('<title>Nairobi City County e-Services</title>');
      const json = /<script type="application\/json" id="kaunti-bootstrap">(.*?)<\/script>/.exec(
        res.body,
      )?.[1];
      expect(JSON.parse(json!).county.paybill).toBe('6060047');
    }
  });

  it("the shell preloads the app's start, and the portal's route table on every page but the landing page, each chunk once", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(preloads(landing.body)).toEqual([
      '/assets/react-r1.js',
      '/assets/start-s1.js',
      '/assets/session-s2.js',
    ]);
    for (const url of ['/login', '/faqs', '/account/bills?status=unpaid']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(preloads(page.body), url).toEqual([
        '/assets/react-r1.js',
        '/assets/start-s1.js',
        '/assets/session-s2.js',
        '/assets/portal-routes-p1.js',
        '/assets/catalogue-index-c1.js',
      ]);
      expect(page.body).toContain('id="kaunti-bootstrap"');
    }
    // The manifest itself is not served (the path is answered as any unknown page).
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toContain('text/html');
    expect(manifest.body).not.toContain('isDynamicEntry');
  });

  it('serves hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never answers a missing asset or API route with the page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().code).toBe('not_found');
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/faqs' });
    expect(post.statusCode).toBe(404);
  });
});

describe('installable and offline (decision 039)', () => {
  it("serves the build's service worker, never cached by the browser, and tells the app to run it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("the build's worker");
    const page = await t.app.inject({ method: 'GET', url: '/faqs' });
    const json = /id="kaunti-bootstrap">(.*?)<\/script>/.exec(page.body)?.[1];
    expect(JSON.parse(json!).service_worker).toBe(true);
  });

  it('serves a manifest named from the county: standalone, green, icons at 192 and 512, maskable too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = res.json();
    expect(manifest).toMatchObject({
      name: 'Nairobi City County e-Services',
      short_name: 'Nairobi',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b6b3a',
    });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    for (const sizes of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable'])
        expect(
          icons.some((icon) => icon.sizes === sizes && icon.purpose === purpose),
          `${sizes} ${purpose}`,
        ).toBe(true);
  });

  it('with the kill switch (KAUNTI_SERVICE_WORKER=false): /sw.js removes the caches and itself, and the app is told', async () => {
    const off = await createTestApp({ KAUNTI_WEB_DIST: dist, KAUNTI_SERVICE_WORKER: 'false' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('registration.unregister()');
      expect(res.body).toContain('caches.delete');
      expect(res.body).not.toContain("the build's worker");
      const page = await off.app.inject({ method: 'GET', url: '/faqs' });
      const json = /id="kaunti-bootstrap">(.*?)<\/script>/.exec(page.body)?.[1];
      expect(JSON.parse(json!).service_worker).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('renderIndex', () => {
  it('escapes the data so it cannot end the script block', () => {
    const html = renderIndex('<title>x</title><!--kaunti-bootstrap-->', 'A & B', {
      name: '</script><script>alert(1)',
    });
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>');
  });
});
