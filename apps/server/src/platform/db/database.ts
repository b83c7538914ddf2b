import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { watchPool } from '../metrics';
import { lockFolder } from './folder-lock';
import { type Listener, type ListenHandlers, listen } from './listener';
import { drizzleClient } from './pglite-client';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS, within } from './timeouts';

/**
 * The one database type the code uses. Both drivers (PGlite in-process, node-postgres) give a
 * PgDatabase; a transaction is one too, so a function taking a Db works inside or outside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export interface Database {
  db: Db;
  /**
   * For the reports that need longer than a request's query time-out (a year of collections):
   * on PostgreSQL a small pool of its own whose queries may take `timeouts.reportMs`, so a long
   * report neither fails at the request limit nor takes the requests' connections; on the
   * embedded database the same `db`. A report that uses it says so in its route's description.
   */
  reports: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; throws if the database cannot answer within `withinMs` (default: no limit of its own). */
  ping(withinMs?: number): Promise<void>;
  /**
   * Applies pending migrations (on PostgreSQL under an advisory lock), from the release's own
   * folder unless another is given (the upgrade test applies an earlier release's first).
   */
  migrate(folder?: string): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (listener.ts), for what
   * other instances on the same database announce with pg_notify.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
  /**
   * PGlite only: the whole database as a tarball, gzipped unless `compression` is 'none' (the
   * test run's template, read once per test file, is quicker to load unzipped).
   */
  dump?(compression?: 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Waits on PostgreSQL (config.databaseTimeouts); a hung server must not hang requests. */
      timeouts?: DatabaseTimeouts;
    }
  /** dataDir undefined = in memory; loadDataDir = a dump to start from (used by tests). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens PGlite (on disk or in memory) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const poolOf = (max: number, queryMs: number) =>
      new pg.Pool({
        connectionString: options.url,
        max,
        // Waiting for a connection (a full pool, a server that does not answer the handshake).
        connectionTimeoutMillis: timeouts.connectMs,
        // A query's answer: the client gives up (a hung server), and the server cancels its side.
        query_timeout: queryMs,
        statement_timeout: queryMs,
        idleTimeoutMillis: timeouts.idleMs,
        // A connection whose server vanished without a word is noticed by TCP keep-alive.
        keepAlive: true,
        // Statements asked one behind the other on a connection go without waiting for the answer
        // before (each still its own; PostgreSQL answers them in order). The writes a shared
        // transaction holds go so (shared-transaction.ts): one round trip for all of them.
        pipeline: true,
      });
    const pool = poolOf(options.poolSize ?? 10, timeouts.queryMs);
    // Two connections at most: reports are few, and wait their turn rather than take the requests'.
    const reportPool = poolOf(2, timeouts.reportMs);
    const unwatch = watchPool(pool);
    for (const each of [pool, reportPool])
      each.on('error', () => {
        // An idle client lost its connection; the pool replaces it. Queries report their own errors.
      });
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      reports: drizzlePg({ client: reportPool }) as unknown as Db,
      kind: 'postgres',
      ping: async (withinMs) => {
        if (withinMs === undefined) {
          await pool.query('select 1');
          return;
        }
        // The query gives up (and frees its connection) at the limit; `within` also covers the
        // wait for a connection, whose own limit may be longer.
        // node-postgres reads `query_timeout` from a query's config too; its types do not list it.
        const ping = { text: 'select 1', query_timeout: withinMs } as pg.QueryConfig;
        await within(withinMs, pool.query(ping), 'the database');
      },
      // Several instances may start at once: a session-level advisory lock, held on one
      // connection, makes them take turns instead of racing through the same migrations.
      migrate: async (folder = migrationsFolder) => {
        const lockClient = await pool.connect();
        try {
          await lockClient.query('select pg_advisory_lock(4711001)');
          await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
        } finally {
          await lockClient.query('select pg_advisory_unlock(4711001)').catch(() => undefined);
          lockClient.release();
        }
      },
      listen: (channel, handlers) =>
        listen({ url: options.url, channel, timeoutMs: Math.min(timeouts.connectMs, 2_000) }, handlers),
      close: async () => {
        unwatch();
        await Promise.all([pool.end(), reportPool.end()]);
      },
    };
  }
  // One process per embedded folder: a second one would diverge from the first and break the
  // folder for both (folder-lock.ts).
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockFolder(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // PostgreSQL's 128 MB of shared buffers sit in the WebAssembly heap for the whole life of
      // the process; a county-sized embedded database is served as well from 16 MB (its files
      // stay in the operating system's page cache: the signed-in bills read measured the same
      // with 32 MB), and the process holds ~130 MiB less (idle: 385 → 238–249 MiB).
      //
      // A named statement (pglite-client.ts) is planned once, not on every run. PostgreSQL's own
      // choice planned the hot statements anew every time: their array parameters (`= any($1)`,
      // `unnest($1)`) make a generic plan look ten times dearer than it is. Planning was two
      // thirds of the signed-in bills read here: 1,100 → 2,550–3,050 req/s at 50 connections
      // (docs/performance.md). The plans are made again every five minutes (the tables grow).
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        'shared_buffers=16MB',
        '-c',
        'plan_cache_mode=force_generic_plan',
      ],
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // Drizzle's queries go through drizzleClient: the same statements sent again and again cost
  // less there (pglite-client.ts). Drizzle asks a client for `query` and `transaction` only.
  const queries = drizzleClient(client);
  const db = drizzlePglite({ client: queries as unknown as PGlite }) as unknown as Db;
  return {
    db,
    reports: db,
    kind: 'pglite',
    ping: async (withinMs) => {
      const ping = client.query('select 1');
      await (withinMs === undefined ? ping : within(withinMs, ping, 'the database'));
    },
    migrate: async (folder = migrationsFolder) => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
      await queries.forget();
    },
    dump: async (compression = 'gzip') => client.dumpDataDir(compression),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/** The folder of drizzle-kit's SQL migrations, from src/ (tsx, tests) or dist/ (bundle). */
export const migrationsFolder = (() => {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', 'migrations'), join(here, '..', 'src', 'migrations')];
  return candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json'))) ?? candidates[0]!;
})();

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  // PostgreSQL: shutting down, cannot connect now, too many connections, connection failures,
  // a statement cancelled by statement_timeout.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08006',
  '57014',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection terminated',
  'Client has encountered a connection error',
  'connection is closed',
];

/** What a database error says of itself: PostgreSQL's code, the constraint, the message. */
export interface DbErrorFacts {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/**
 * An error and its causes, outermost first (drizzle wraps the driver's error in "Failed query";
 * node-postgres and PGlite report `code` and `constraint` on theirs). At most five deep.
 */
export function* errorChain(error: unknown): Generator<DbErrorFacts> {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    yield current as DbErrorFacts;
    current = (current as { cause?: unknown }).cause;
  }
}

/** A unique violation (23505), optionally of this constraint (named in `constraint` or the message). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of errorChain(error)) {
    if (e.code !== '23505') continue;
    if (!constraint) return true;
    if (`${String(e.constraint ?? '')} ${String(e.message ?? '')}`.includes(constraint)) return true;
  }
  return false;
}

/**
 * Whether an error means the database could not be reached or did not answer in time (as
 * opposed to a query that is wrong): such a request answers 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorChain(error)) {
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
