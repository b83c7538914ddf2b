import { describe, expect, it } from 'vitest';
import { answersFromCopy, apiCacheKey, isKeptPage, offlinePageHtml, routeOf } from './offline-policy';

const ORIGIN = 'https://eservices.example.go.ke';
const STATIC = new Set(['/manifest.webmanifest', '/icons/icon-192.png']);
const route = (url: string, method = 'GET', mode = 'cors') =>
  routeOf({ method, url: new URL(url, ORIGIN).href, mode }, ORIGIN, STATIC);

describe('what the service worker does with a request', () => {
  it('never touches what moves money or is personal: every non-GET, and every API answer not listed', () => {
    expect(route('/api/payments/mpesa/stk-push', 'POST')).toBe('network');
    expect(route('/api/parking/daily', 'POST')).toBe('network');
    expect(route('/api/drafts/0f8fad5b-d9cb-469f-a165-70867728950e', 'PUT')).toBe('network');
    for (const personal of [
      '/api/bills',
      '/api/payments',
      '/api/drafts',
      '/api/auth/me',
      '/api/applications',
      '/api/documents/abc',
      '/api/verify?code=X',
      '/api/parking/tickets/ABC',
      '/api/catalogue/services/land-survey/quote',
    ])
      expect(route(personal), personal).toBe('network');
  });

  it('keeps the public answers that are the same for everyone', () => {
    for (const path of [
      '/api/county',
      '/api/county/sub-counties',
      '/api/catalogue/services',
      '/api/catalogue/services/land-survey',
      '/api/reference-data/clinics',
      '/api/parking/zones',
    ])
      expect(route(path), path).toBe('public-api');
  });

  it('answers hashed assets from the cache, the shell files by version, pages from the network first', () => {
    expect(route('/assets/index-abc123.js')).toBe('asset');
    expect(route('/manifest.webmanifest')).toBe('static');
    expect(route('/login', 'GET', 'navigate')).toBe('page');
    expect(route('/sw.js')).toBe('network');
    expect(route('https://elsewhere.example/assets/x.js')).toBe('network');
  });

  it('keeps a page unless the server said no-store (an E-Verify answer) or it failed', () => {
    expect(isKeptPage({ ok: true, status: 200, cacheControl: 'no-cache' })).toBe(true);
    expect(isKeptPage({ ok: true, status: 200, cacheControl: 'no-store' })).toBe(false);
    expect(isKeptPage({ ok: false, status: 503, cacheControl: 'no-cache' })).toBe(false);
  });

  it('answers a public page from its copy at once only for a guest, in their language, kept by this version', () => {
    const copy = { shared: 'shared', language: 'sw', version: 'v2' };
    const guest = { version: 'v2', signedIn: false, language: 'sw' };
    expect(answersFromCopy(copy, guest)).toBe(true);
    // No language chosen on this device: the page's own (the browser's) stands.
    expect(answersFromCopy(copy, { ...guest, language: undefined })).toBe(true);
    // Signed in, or not known (no Cookie Store API): the network first.
    expect(answersFromCopy(copy, { ...guest, signedIn: true })).toBe(false);
    expect(answersFromCopy(copy, { ...guest, signedIn: undefined })).toBe(false);
    // Another language chosen since; a copy kept by an older build; a page of one request.
    expect(answersFromCopy(copy, { ...guest, language: 'en' })).toBe(false);
    expect(answersFromCopy({ ...copy, version: 'v1' }, guest)).toBe(false);
    expect(answersFromCopy({ ...copy, shared: null }, guest)).toBe(false);
  });

  it('keeps a public answer per language', () => {
    expect(apiCacheKey(`${ORIGIN}/api/parking/zones`, 'sw')).not.toBe(
      apiCacheKey(`${ORIGIN}/api/parking/zones`, 'en-GB,en;q=0.9'),
    );
    expect(apiCacheKey(`${ORIGIN}/api/parking/zones`, null)).toBe(
      apiCacheKey(`${ORIGIN}/api/parking/zones`, 'en'),
    );
  });

  it('its own offline page says so in English and Kiswahili, in a live region', () => {
    const html = offlinePageHtml();
    expect(html).toContain('role="status"');
    expect(html).toContain('You are offline');
    expect(html).toContain('Huna mtandao');
  });
});
