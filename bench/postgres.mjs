// A throw-away PostgreSQL database for a benchmark, beside DATABASE_URL's (default the local
// test server): created, migrated and seeded (no demo data), then dropped by `drop()`. Answers
// undefined, after saying so, when PostgreSQL cannot be reached.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { users } from '../apps/server/src/core/accounts/schema.ts';
import { createSessionService } from '../apps/server/src/core/accounts/sessions.ts';
import { createTokenSigner } from '../apps/server/src/core/accounts/tokens.ts';
import { officers } from '../apps/server/src/core/staff/schema.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
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
  // Bulk generation (a million rows) runs on a connection of its own: the portal's pool cancels
  // any statement after its query time-out (15 s), which a slow machine's generation can pass.
  let generator;
  return {
    url,
    dataDir,
    database,
    /** Runs SQL that generates the bench's data, with no time-out. */
    async generate(text) {
      if (!generator) {
        generator = new pg.Client({ connectionString: url });
        await generator.connect();
      }
      await generator.query(text);
    },
    async drop() {
      await generator?.end().catch(() => undefined);
      await database.close().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A county officer of these roles (every area) with a verified session, written straight to the
 * bench's database: the Authorization header of their requests.
 */
export async function benchOfficerHeaders(db, jwtSecret, roles, n = 1) {
  const [officer] = await db
    .insert(users)
    .values({
      customerNo: `BENCH-OFFICER-${n}`,
      firstName: 'Bench',
      surName: 'Officer',
      identifier: String(19_999_999 - n),
      identifierType: 'id_number',
      phoneNumber: `2547999${String(99_999 - n).padStart(5, '0')}`,
      email: `officer${n}@example.co.ke`,
      passwordHash: 'x',
      role: 'staff',
    })
    .returning();
  await db.insert(officers).values({ userId: officer.id, roles, areas: ['*'], mustSetPassword: false });
  const sessions = createSessionService(db, createTokenSigner(jwtSecret));
  const pending = await sessions.startPending(officer.id);
  const { token } = await sessions.verify(pending.sessionId, officer.id);
  return { authorization: `Bearer ${token}` };
}

/** The portal on a bench database (`openBenchDatabase`), listening on a free port: its app, url and config. */
export async function listenOnBenchDatabase(bench) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    KAUNTI_DATA_DIR: bench.dataDir,
    KAUNTI_WEB_DIST: join(bench.dataDir, 'no-web'),
    DATABASE_URL: bench.url,
  });
  const app = await buildApp({ config, database: bench.database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, config };
}
