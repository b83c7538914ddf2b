import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobRun } from '../../src/platform/jobs/lease';
import { startPeriodic } from '../../src/platform/periodic';
import { openTestDatabase } from '../support/test-app';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

describe('periodic jobs across instances', () => {
  it('one claim wins a period however many instances ask at once', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        claimJobRun(database.database.db, 'race', 60_000, `instance-${i}`),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Still the same period: nobody wins it again.
    expect(await claimJobRun(database.database.db, 'race', 60_000, 'instance-late')).toBe(false);
  });

  it('three instances running the same job run it once per period, not three times', async () => {
    const runs: number[] = [];
    const stops = [1, 2, 3].map((instance) =>
      startPeriodic({
        name: 'three-instances',
        intervalMs: 1_500,
        log: { error: () => undefined },
        once: { db: database.database.db },
        task: async () => {
          runs.push(instance);
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3_300));
    await Promise.all(stops.map((stop) => stop()));
    // Two periods passed (ticks at 1.5 s and 3 s): two runs in all, whichever instance won each.
    expect(runs).toHaveLength(2);
  });
});
