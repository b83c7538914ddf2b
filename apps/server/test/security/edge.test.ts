import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/platform/config';
import { safeError } from '../../src/platform/http/request-log';
import { signupInput } from '../support/accounts';
import { checkResponsesAgainstDocument } from '../support/contract';
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

/**
 * The attacks of issue 9, tried on every release: secrets in the log, spoofed forwarded
 * addresses, control characters in every text field of every route, framework errors, the
 * development SMS outbox, HTTPS headers.
 */

const SECRET = 'callback-secret-that-must-never-be-logged-42';

describe('the log never holds a secret, a hash or an SQL parameter', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-log-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      KAUNTI_DATA_DIR: dataDir,
      KAUNTI_WEB_DIST: join(dataDir, 'none'),
      LOG_LEVEL: 'info',
      MPESA_CALLBACK_SECRET: SECRET,
    });
    const { database, drop } = await openTestDatabase();
    app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    checkResponsesAgainstDocument(app);
    await app.ready();
    close = async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('a callback logs one line: method, route pattern, status, duration and request id — never the secret in its path', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/stk/${SECRET}`,
      payload: { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_unknown', ResultCode: 1032 } } },
    });
    expect(res.statusCode).toBe(200);
    const all = lines.join('\n');
    expect(all).not.toContain(SECRET);
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      method: 'POST',
      route: '/api/payments/callbacks/stk/:secret',
      status: 200,
      request_id: res.headers['x-request-id'],
    });
    expect(typeof requestLines[0].duration_ms).toBe('number');
  });

  it("the SMS a request sends is logged with that request's id", async () => {
    lines.length = 0;
    const requestId = 'req-signup-sms-1';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-request-id': requestId },
      payload: signupInput(),
    });
    expect(res.statusCode).toBe(201);
    const parsed = lines.map((l) => JSON.parse(l));
    const sms = parsed.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('SMS'));
    expect(sms).toHaveLength(1);
    expect(sms[0].reqId).toBe(requestId);
    expect(parsed.find((l) => l.msg === 'request')?.request_id).toBe(requestId);
  });

  it("a caller's X-Request-Id is kept only when it is at most 64 of [A-Za-z0-9._-]; anything else gets a new id", async () => {
    const kept = ['abc-123', 'A.b_C-9', 'x'.repeat(64)];
    for (const id of kept) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
    const refused = ['x'.repeat(7_000), 'x'.repeat(65), 'has space', 'semi;colon', 'ünïcode', 'a/b', ''];
    for (const id of refused) {
      lines.length = 0;
      const res = await app.inject({ method: 'GET', url: '/api/county', headers: { 'x-request-id': id } });
      const given = res.headers['x-request-id'];
      expect(given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      // The line written for the request carries the new id, never the caller's.
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
      expect(line?.request_id).toBe(given);
      if (id.length > 0) expect(lines.join('\n')).not.toContain(id);
    }
  });

  it('a wrong secret is a plain 404, and the tried secret is not logged either', async () => {
    lines.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/callbacks/stk/guessed-secret-xyz',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(lines.join('\n')).not.toContain('guessed-secret-xyz');
  });

  it('a failed query is logged without its parameters (e.g. a password hash)', () => {
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("password_hash") values ($1)\nparams: $argon2id$v=19$m=19456$secret',
      ),
      {
        code: '22021',
        detail: 'Key (identifier)=(12345678) already exists.',
        params: ['$argon2id$v=19$secret'],
      },
    );
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('12345678');
    expect(logged).toContain('Failed query: insert into');
  });
});

describe('control characters are refused at the edge, in every text field of every route', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createSignedInUser(t);
  });
  afterAll(() => t.close());

  it.each([
    ['POST', '/api/auth/login', { username: 'x\u0000y', password: 'Kaunti#Demo2024' }, 'username'],
    [
      'PUT',
      '/api/profile',
      { first_name: 'Wan\u0000jiku', sur_name: 'Kamau', email: 'a@b.co.ke' },
      'first_name',
    ],
    ['POST', '/api/lands/rates/current-bill', { lr_number: '209/\u000010001' }, 'lr_number'],
    ['POST', '/api/lands/land_r/LinkLandParceltoCustomer', { lr_number: '209\u001b/10001' }, 'lr_number'],
  ])('%s %s: 400 naming the field', async (method, url, payload, field) => {
    const res = await t.app.inject({
      method: method as 'POST' | 'PUT',
      url,
      headers: user.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toContainEqual({
      path: field,
      message: 'Please remove the invisible control characters from this field',
    });
  });

  it('a NUL in a query string is a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/lands/parcel_validation?lr_number=209%2F1%0000',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('lr_number');
  });

  it('no route of the OpenAPI document answers 500 to control characters in its text fields', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>
      >;
    };
    let tried = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema as
          | { properties?: Record<string, { type?: string | string[] }> }
          | undefined;
        const body: Record<string, unknown> = {};
        for (const [name, property] of Object.entries(schema?.properties ?? {})) {
          const types = ([] as (string | undefined)[]).concat(property.type);
          if (types.includes('string')) body[name] = 'bad\u0000value';
        }
        if (Object.keys(body).length === 0) continue;
        const url = path.replace(/\{[^}]+\}/g, 'NCCB00000000');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'POST',
          url,
          headers: user.headers,
          payload: body,
        });
        tried += 1;
        expect(res.statusCode, `${method.toUpperCase()} ${path}: ${res.body}`).toBeLessThan(500);
        expect(res.body, `${method.toUpperCase()} ${path}`).not.toContain('FST_');
      }
    }
    expect(tried).toBeGreaterThan(15);
  });
});

describe('framework errors and HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' }, (app) => {
      app.get('/__test/client', { schema: { hide: true } }, async (request) => ({
        ip: request.ip,
        protocol: request.protocol,
      }));
    });
  });
  afterAll(() => t.close());

  it('a malformed address answers our own { message, code }, never FST_ERR_BAD_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lands/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid.', code: 'bad_request' });
    expect(res.body).not.toContain('FST_');
  });

  it('a method the route does not have is a 405 with Allow, in our error shape', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/lands/rates/current-bill' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({ message: 'This method is not allowed here.', code: 'method_not_allowed' });
    const bills = await t.app.inject({ method: 'PUT', url: '/api/bills/NCCB12345678' });
    expect(bills.statusCode).toBe(405);
    expect(bills.headers.allow).toBe('GET, HEAD');
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it('a protected route checks the token before the body: 401, not 400', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { first_name: 42 } });
    expect(res.statusCode).toBe(401);
  });

  it('sends HSTS when a trusted proxy says the request came over HTTPS, and not over plain HTTP', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('with one trusted hop, the client is the address that proxy saw, not what the client wrote', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/__test/client',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '6.6.6.6, 41.90.1.2' },
    });
    expect(res.json().ip).toBe('41.90.1.2');
  });
});

describe('the callback secret rotates without downtime', () => {
  it('accepts the current and the previous secret, and nothing else', async () => {
    const previous = 'the-previous-callback-secret-0000001';
    const t = await createTestApp({
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_CALLBACK_SECRET_PREVIOUS: previous,
    });
    const post = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/callbacks/stk/${secret}`,
        payload: { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_none', ResultCode: 1032 } } },
      });
    expect((await post(SECRET)).statusCode).toBe(200);
    expect((await post(previous)).statusCode).toBe(200);
    expect((await post('not-one-of-the-two-secrets-000000')).statusCode).toBe(404);
    await t.close();
  });
});

describe('trusted proxies come from configuration, never every hop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/__test/client', { schema: { hide: true } }, async (request) => ({ ip: request.ip }));
    });
  });
  afterAll(() => t.close());

  it('without TRUST_PROXY a spoofed X-Forwarded-For is ignored', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/__test/client',
      remoteAddress: '41.90.1.2',
      headers: { 'x-forwarded-for': '6.6.6.6' },
    });
    expect(res.json().ip).toBe('41.90.1.2');
  });

  it('refuses TRUST_PROXY=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(/never every hop/);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.1',
    ]);
  });
});

describe('the SMS outbox needs an explicit development flag', () => {
  it('is absent by default, present with KAUNTI_DEV_OUTBOX=true, and refused in production', async () => {
    const plain = await createTestApp({ KAUNTI_DEV_OUTBOX: 'false' });
    const res = await plain.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=254712345678' });
    expect(res.statusCode).toBe(404);
    await plain.close();

    const dev = await createTestApp({ KAUNTI_DEV_OUTBOX: 'true' });
    const ok = await dev.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=254712345678' });
    expect(ok.statusCode).toBe(200);
    await dev.close();

    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        KAUNTI_DEV_OUTBOX: 'true',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://eservices.example.go.ke',
      }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        KAUNTI_DEV_OUTBOX: 'true',
        JWT_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://eservices.example.go.ke',
      }),
    ).toThrow(/KAUNTI_DEV_OUTBOX: must not be set in production/);
  });
});
