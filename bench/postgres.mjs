// A throw-away PostgreSQL database for a benchmark, beside DATABASE_URL's (default the local
// test server): created, migrated and seeded (no demo data), then dropped by `drop()`. Answers
// undefined, after saying so, when PostgreSQL cannot be reached.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { seed } from '../apps/server/src/seed.ts';

export async function openBenchDatabase(prefix) {
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  skipped: PostgreSQL is not reachable at ${baseUrl} (${error.message})`);
    return undefined;
  }
  const name = `kaunti_bench_${prefix}_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const parsed = new URL(baseUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const dataDir = mkdtempSync(join(tmpdir(), `kaunti-bench-${prefix}-`));
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 });
  await database.migrate();
  await seed(database.db, { county: 'nairobi', demoData: false });
  return {
    url,
    dataDir,
    database,
    async drop() {
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
