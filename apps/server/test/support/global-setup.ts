import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/platform/db/database';
import { seed } from '../../src/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the template database every test file copies. */
    pgTemplate: string;
    /** PGlite: a dump of a migrated, seeded database that every test file loads. */
    pgliteDump: string;
  }
}

/**
 * Migrates and seeds one database for the whole run; each test file then starts from a copy
 * (PostgreSQL: CREATE DATABASE ... TEMPLATE; PGlite: loadDataDir), so files are isolated and fast.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `kaunti_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    await database.migrate();
    await seed(database.db, { county: 'nairobi', demoData: true });
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname = $1 or datname like $2`,
        [template, `kaunti_t_${process.pid}_%`],
      );
      for (const row of leftovers.rows) {
        await admin.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
      }
      await admin.end();
    };
  }

  const dir = mkdtempSync(join(tmpdir(), 'kaunti-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, { county: 'nairobi', demoData: true });
  // Every test file loads this copy (86 files on 2026-11-30), so it is kept small and quick to
  // read: without template0, which nothing here copies (a quarter of its 45 MB), and not gzipped.
  // Loading it took 0.4 s of CPU a file instead of 0.9 (decision 043).
  await database.db.execute(
    sql.raw(`update pg_database set datistemplate = false where datname = 'template0'`),
  );
  await database.db.execute(sql.raw('drop database template0'));
  const dump = await database.dump!('none');
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgTemplate', '');
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
