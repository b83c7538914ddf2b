import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Pages rendered on the server (decision 020) and the caches (decision 039), with a stand-in for
 * the web build's page renderer: a page the same for everyone, and one rendered with the data its
 * query asked for (as E-Verify's check is).
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'kaunti-pages-'));
  mkdirSync(join(dist, '.ssr'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title><!--kaunti-bootstrap--><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-e1.css"></head><body><div id="root"></div></body></html>',
  );
  // The build: the entry (its CSS, the theme), the app's start that it imports once the page is
  // drawn (its CSS: the header's, whose class the stand-in pages do not use; and its chunk's), and
  // the route table (decision 042).
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-e1.js',
        isEntry: true,
        css: ['assets/index-e1.css'],
        dynamicImports: ['src/start.tsx', 'src/app/portal-routes.tsx'],
      },
      'src/start.tsx': {
        file: 'assets/start-s1.js',
        isDynamicEntry: true,
        css: ['assets/start-s1.css'],
        imports: ['_react-r1.js', 'index.html'],
      },
      '_react-r1.js': { file: 'assets/react-r1.js', css: ['assets/react-r1.css'] },
      'src/app/portal-routes.tsx': {
        file: 'assets/portal-routes-p1.js',
        isDynamicEntry: true,
        imports: ['_react-r1.js'],
      },
    }),
  );
  writeFileSync(join(dist, 'assets', 'index-e1.css'), ':root{--theme:green}');
  writeFileSync(join(dist, 'assets', 'start-s1.css'), '._header_h1{color:green}');
  writeFileSync(join(dist, 'assets', 'react-r1.css'), '._toast_t1{color:red}');
  writeFileSync(
    join(dist, '.ssr', 'entry-server.js'),
    `export const renderer = {
      postPaths: [],
      async post() { return undefined; },
      async render(request) {
        const url = new URL(request.url, 'http://page');
        const state = { language: request.language, session: 'guest', queries: [] };
        if (url.pathname === '/faqs')
          return { kind: 'page', status: 200, keep: { scope: 'path' }, html: '<h1>FAQs</h1>', title: 'FAQs', state };
        if (url.pathname.startsWith('/social/event/')) {
          const queries = [{ key: ['event-page', 'EV1'], data: { permit_status: 'valid' }, updatedAt: 1 }];
          return { kind: 'page', status: 200, html: '<h1>Event</h1>', title: 'Event', state: { ...state, queries } };
        }
        if (url.pathname === '/e-verify') {
          const code = url.searchParams.get('code');
          const queries = code ? [{ key: ['verify', code], data: { valid: true }, updatedAt: 1 }] : [];
          return {
            kind: 'page',
            status: 200,
            ...(code ? {} : { keep: { scope: 'address' } }),
            html: code ? '<h1>Genuine</h1>' : '<h1>E-Verify</h1>',
            title: 'E-Verify',
            state: { ...state, queries },
          };
        }
        return undefined;
      },
    };`,
  );
  t = await createTestApp({ KAUNTI_WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('what a rendered page loads before it is drawn (decision 042)', () => {
  it("no script but the entry, and the CSS of the entry and of the app's start inline", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faqs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('modulepreload');
    expect([...res.body.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/assets/index-e1.js',
    ]);
    const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1];
    expect(style).toContain(':root{--theme:green}');
    expect(style).toContain('._header_h1{color:green}');
    expect(style).toContain('._toast_t1{color:red}');
    // Each file is named by a disabled link, so the app does not fetch it again.
    for (const file of ['index-e1.css', 'start-s1.css', 'react-r1.css'])
      expect(res.body).toContain(`<link rel="stylesheet" href="/assets/${file}" disabled>`);
    // What the entry preloads once the page is drawn, a few at a time: the app's start and its
    // chunks, then the route table's (react, which both import, once).
    const json = /id="kaunti-bootstrap">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(json!).after_paint).toEqual([
      '/assets/start-s1.js',
      '/assets/react-r1.js',
      '/assets/portal-routes-p1.js',
    ]);
  });
});

describe('rendered pages and the caches', () => {
  it('a page the same for everyone may be kept (no-cache: asked again, then kept by the service worker)', async () => {
    for (const url of ['/faqs', '/e-verify']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"><h1>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("a page rendered with the data its query asked for (E-Verify's check) is sent no-store: no cache keeps it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/e-verify?code=ABC' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Genuine</h1>');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a page the same for every visitor says so (x-kaunti-page: shared) and its language: the service worker may answer it from its copy', async () => {
    for (const [url, language] of [
      ['/faqs', 'en'],
      ['/e-verify', 'en'],
      ['/faqs', 'sw'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
      expect(res.headers['x-kaunti-page'], url).toBe('shared');
      expect(res.headers['content-language'], url).toBe(language);
    }
  });

  it("a page of one request (an E-Verify check, an event's standing) is never said to be shared", async () => {
    for (const url of ['/e-verify?code=ABC', '/social/event/EV1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-kaunti-page'], url).toBeUndefined();
      expect(res.headers['content-language'], url).toBe('en');
    }
  });
});
