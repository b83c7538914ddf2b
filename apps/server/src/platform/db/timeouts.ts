/**
 * How long PostgreSQL is waited for. A request waits at most `connectMs` for a connection and
 * `queryMs` for each answer, so one that needs a hung database answers 503 within
 * connectMs + queryMs (the defaults: 3 + 7 = 10 s); `reportMs` is the reports' own limit.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
  idleMs: number;
  reportMs: number;
}
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 3_000,
  queryMs: 7_000,
  idleMs: 30_000,
  reportMs: 60_000,
};

/** Rejects when `work` has not settled within `ms` (the work itself goes on, unwatched). */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
