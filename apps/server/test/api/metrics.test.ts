import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/core/accounts/seed';
import { createTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const SECRET = 'callback-secret-for-metrics-test-0123';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, MPESA_CALLBACK_SECRET: SECRET });
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...(authorization ? { headers: { authorization } } : {}) });

describe('/metrics (Prometheus)', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('answers only with its token', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer not-the-token-at-all-0123456789')).statusCode).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route pattern and status (never a URL or its secret), SMS and job runs', async () => {
    await t.app.inject({ method: 'GET', url: '/api/county' });
    await t.app.inject({ method: 'POST', url: `/api/payments/callbacks/stk/${SECRET}`, payload: {} });
    // A sign-in sends its one-time code by SMS.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '0712345678', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/kaunti_http_requests_total\{method="GET",route="\/api\/county",status="200"\} \d+/);
    expect(text).toContain('route="/api/payments/callbacks/stk/:secret"');
    expect(text).not.toContain(SECRET);
    expect(text).toMatch(
      /kaunti_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/county"\} \d+/,
    );
    expect(text).toMatch(/kaunti_sms_total\{driver="outbox",accepted="true"\} \d+/);
    expect(text).toContain('# TYPE kaunti_job_runs_total counter');
    expect(text).toContain('# TYPE kaunti_payment_transitions_total counter');
    expect(text).toContain('kaunti_process_resident_memory_bytes');
  });
});
