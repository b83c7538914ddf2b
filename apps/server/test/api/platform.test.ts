import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/boom', { schema: { hide: true } }, async () => {
      throw new Error('secret internal detail at /srv/kaunti/db.ts:42');
    });
  });
});
afterAll(() => t.close());

describe('health', () => {
  it('/healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready with the database kind and each dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      checks: { database: 'ok', redis: 'not_configured', storage: 'ok' },
    });
  });
});

describe('errors', () => {
  it('a malformed JSON body gets a 400 with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "render",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it('an invalid body gets a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'render', url: '/' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toMatch(/^Invalid request body: message: /);
    expect(body.details).toContainEqual({ path: 'message', message: expect.any(String) });
  });

  it('an unknown API route is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/no-such-thing not found', code: 'not_found' });
  });

  it('a failure inside never leaks its message or stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'We are unable to process your request right now. Please try again later.',
      code: 'internal_error',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('db.ts');
  });

  it('every answer carries a request id, and a given one is kept', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const other = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('client errors', () => {
  it('accepts an error report from the web app', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'render', message: 'x is undefined', url: '/faqs' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ logged: true });
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs/json and serves the UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/county']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
