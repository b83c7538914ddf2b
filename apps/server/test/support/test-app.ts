import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/platform/config';
import { type Database, openDatabase } from '../../src/platform/db/database';
import { seed } from '../../src/seed';
import { checkResponsesAgainstDocument } from './contract';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A fresh database (a copy of the migrated, seeded template: PGlite by default, PostgreSQL when
 * DATABASE_URL is set) and a server built on it, for `app.inject` tests.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `kaunti_t_${process.ppid}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Any template user left behind would block the copy; there is none between files.
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
  return { database, drop: () => database.close() };
}

/**
 * An empty database, migrated and seeded for `county` with demo data (not the shared Nairobi
 * template): PGlite in memory, or a new PostgreSQL database when DATABASE_URL is set.
 */
export async function openCountyDatabase(
  county: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  let opened: { database: Database; drop(): Promise<void> };
  if (url) {
    const name = `kaunti_c_${county}_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
    opened = {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } else {
    const database = await openDatabase({ kind: 'pglite' });
    opened = { database, drop: () => database.close() };
  }
  try {
    await opened.database.migrate();
    await seed(opened.database.db, { county, demoData: true });
  } catch (error) {
    // An unknown county, say: the database made for it goes, not left behind on the server.
    await opened.drop();
    throw error;
  }
  return opened;
}

export async function createTestApp(
  env: Record<string, string> = {},
  /** Extra routes for a test (added before the app is ready), with the app's config and database. */
  extraRoutes?: (app: FastifyInstance, context: { config: Config; database: Database }) => void,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    KAUNTI_DATA_DIR: dataDir,
    KAUNTI_WEB_DIST: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    // The accounts tests read one-time codes from the development outbox route.
    KAUNTI_DEV_OUTBOX: 'true',
    ...env,
  });
  // Another county than the template's: its own freshly seeded database.
  const { database, drop } =
    env.KAUNTI_COUNTY && env.KAUNTI_COUNTY !== 'nairobi'
      ? await openCountyDatabase(env.KAUNTI_COUNTY)
      : await openTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  // Every response a test receives is held against the published OpenAPI document.
  checkResponsesAgainstDocument(app);
  extraRoutes?.(app, { config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
