import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_BUSY_MESSAGE, PasswordWork, passwordWork } from '../../src/core/accounts/passwords';
import { call, signUpAndVerify } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the password work queue', () => {
  it('runs at most `concurrency` at once, queues `maxWaiting`, refuses the rest with 503 and Retry-After', async () => {
    const work = new PasswordWork(2, 1);
    const releases: (() => void)[] = [];
    const job = () => work.run(() => new Promise<string>((resolve) => releases.push(() => resolve('done'))));
    const first = job();
    const second = job();
    const third = job(); // waits
    await tick();
    expect(work.load).toEqual({ active: 2, waiting: 1 });
    expect(releases).toHaveLength(2);
    await expect(job()).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      message: PASSWORD_BUSY_MESSAGE,
      headers: { 'retry-after': '3' },
    });
    releases.shift()!();
    expect(await first).toBe('done');
    await tick();
    // The freed slot went to the one waiting.
    expect(work.load).toEqual({ active: 2, waiting: 0 });
    for (const release of releases.splice(0)) release();
    expect(await second).toBe('done');
    expect(await third).toBe('done');
    expect(work.load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives the slot back when the work fails', async () => {
    const work = new PasswordWork(1, 0);
    await expect(work.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await work.run(async () => 'next')).toBe('next');
    expect(work.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('a burst of sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' });
  });
  afterAll(async () => {
    await t.close();
    passwordWork.configure({ concurrency: 2, maxWaiting: 64 });
  });

  it('beyond the queue answers 503 with Retry-After at once, while a bills read is served', async () => {
    const user = await signUpAndVerify(t);
    const burst = Array.from({ length: 12 }, () =>
      call(t, 'POST', '/api/auth/login', { body: { username: user.phone, password: user.input.password } }),
    );
    // While the hashes run, a signed-in read does not wait behind them.
    const bills = await call(t, 'GET', '/api/bills', { token: user.token });
    expect(bills.statusCode).toBe(200);
    const answers = await Promise.all(burst);
    const busy = answers.filter((res) => res.statusCode === 503);
    const signedIn = answers.filter((res) => res.statusCode === 200);
    expect(signedIn.length).toBeGreaterThanOrEqual(3); // one running, two waiting
    expect(busy.length).toBeGreaterThan(0);
    // A sign-in that got through once an earlier hash finished may meet the phone's own limit
    // (5 codes in 30 minutes: the sign-up sent one) — a 429, never anything else.
    const codeLimited = answers.filter((res) => res.statusCode === 429);
    expect(signedIn.length + busy.length + codeLimited.length).toBe(12);
    for (const res of busy) {
      expect(res.json()).toEqual({ message: PASSWORD_BUSY_MESSAGE, code: 'service_unavailable' });
      expect(res.headers['retry-after']).toBe('3');
    }
    // Once the burst is over, signing in works again. (Another account: this one has had up to
    // a dozen codes sent in the burst, and a phone gets 5 codes in 30 minutes, whatever the queue.)
    const other = await signUpAndVerify(t);
    const later = await call(t, 'POST', '/api/auth/login', {
      body: { username: other.phone, password: other.input.password },
    });
    expect(later.statusCode).toBe(200);
  });
});
