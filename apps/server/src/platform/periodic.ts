import type { Db } from './db/database';
import { claimJobRun } from './jobs/lease';
import { jobRuns } from './metrics';

/**
 * Runs `task` every `intervalMs` while the server is up: never two runs at once (a tick that
 * finds the previous run still going is skipped), a failure logged and the next tick tried
 * again, and a timer that does not keep the process alive. The returned stop() clears the timer
 * and waits for a run in progress, so shutdown never cuts a job in half.
 */
export function startPeriodic(options: {
  name: string;
  intervalMs: number;
  task: () => Promise<void>;
  log: { error(details: object, message: string): void };
  /**
   * With a database: the run of each period goes to one instance among all that share it
   * (jobs/lease.ts), so N instances run the job once per period, not N times.
   */
  once?: { db: Db };
}): () => Promise<void> {
  let current: Promise<void> | undefined;
  const run = async () => {
    if (options.once && !(await claimJobRun(options.once.db, options.name, options.intervalMs))) {
      jobRuns.inc({ job: options.name, outcome: 'skipped' });
      return;
    }
    try {
      await options.task();
      jobRuns.inc({ job: options.name, outcome: 'ran' });
    } catch (error) {
      jobRuns.inc({ job: options.name, outcome: 'failed' });
      throw error;
    }
  };
  const timer = setInterval(() => {
    if (current) return;
    current = run()
      .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
      .finally(() => {
        current = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/** A job an area or the core runs every period, once across instances. */
export interface PeriodicJob {
  name: string;
  intervalMs: number;
  task: () => Promise<void>;
}

/**
 * The server's periodic jobs, started together when the app is ready and stopped (each waited
 * for) when it closes. `every` adds a job run once per period across instances (startPeriodic
 * with the database's lease); `start` adds one that starts itself (the payments' reconciliation).
 * A job added after the app is ready is refused: every job is named while the app is built.
 */
export function periodicJobs(
  app: {
    addHook(name: 'onReady' | 'onClose', hook: () => Promise<void>): unknown;
    log: { error(details: object, message: string): void };
  },
  db: Db,
) {
  const starts: (() => () => Promise<void>)[] = [];
  const stops: (() => Promise<void>)[] = [];
  let started = false;
  app.addHook('onReady', async () => {
    started = true;
    for (const start of starts) stops.push(start());
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
  const add = (start: () => () => Promise<void>) => {
    if (started) throw new Error('Periodic jobs are added while the app is built, before it is ready');
    starts.push(start);
  };
  return {
    every(job: PeriodicJob): void {
      add(() => startPeriodic({ ...job, log: app.log, once: { db } }));
    },
    start(start: () => () => Promise<void>): void {
      add(start);
    },
  };
}

export type PeriodicJobs = ReturnType<typeof periodicJobs>;
