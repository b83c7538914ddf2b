import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottles } from '../../src/core/accounts/schema';
import { createThrottle, LIMITS } from '../../src/core/accounts/throttle';
import type { Database } from '../../src/platform/db/database';
import { openTestDatabase } from '../support/test-app';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const MINUTE = 60_000;

describe('pruning the sign-in limit counters', () => {
  it('deletes the counters whose window has ended for every rule, and keeps a live lock', async () => {
    const throttle = createThrottle(database.db);
    const now = new Date('2026-11-22T12:00:00Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

    // An address that failed once 45 minutes ago, a phone sent a code 31 minutes ago (both over),
    // a phone sent a code 20 minutes ago (its 30-minute window is still open), and an account
    // locked 5 minutes ago by six wrong passwords.
    await throttle.hit(LIMITS.loginFailuresPerIp, '197.248.1.10', at(45));
    await throttle.hit(LIMITS.codesPerPhone, '254711000001', at(31));
    await throttle.hit(LIMITS.codesPerPhone, '254711000002', at(20));
    for (let i = 0; i < 6; i++) await throttle.hit(LIMITS.loginFailuresPerAccount, 'account-1', at(5));
    expect((await throttle.check(LIMITS.loginFailuresPerAccount, 'account-1', now)).blocked).toBe(true);

    expect(await throttle.prune(now)).toBe(2);

    const keys = (await database.db.select({ key: authThrottles.key }).from(authThrottles)).map(
      (row) => row.key,
    );
    expect(keys.sort()).toEqual(['login-account:account-1', 'otp-phone:254711000002']);
    expect((await throttle.check(LIMITS.loginFailuresPerAccount, 'account-1', now)).blocked).toBe(true);
    expect(await throttle.check(LIMITS.codesPerPhone, '254711000002', now)).toEqual({
      blocked: false,
      hits: 2,
    });
    expect(await throttle.prune(now)).toBe(0);
  });
});
