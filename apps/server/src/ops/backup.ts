import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../platform/db/database';

const run = promisify(execFile);

/**
 * Backups of the portal's database, and their restore into a fresh one (docs/operations.md):
 *  - PostgreSQL: `pg_dump --format=custom` (consistent while the portal runs), restored with
 *    `pg_restore` into an empty database, then migrated up to this release;
 *  - the embedded database: a gzipped tarball of the PGlite folder (taken with the folder's
 *    lock, so only while no portal uses it), restored into an empty folder, then migrated.
 * Uploaded files are not in it: back up the storage (the uploads folder, or the bucket's
 * versioning and replication) beside it.
 */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** Counts of the tables that matter, to compare a backup with its restore. */
export const COUNTED_TABLES = [
  'users',
  'applications',
  'bills',
  'payments',
  'documents',
  'audit_log',
] as const;

export async function backup(target: BackupTarget, file: string): Promise<void> {
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url]);
    return;
  }
  if (!existsSync(target.dataDir) || readdirSync(target.dataDir).length === 0)
    throw new Error(`There is no embedded database in ${target.dataDir} to back up.`);
  const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
  try {
    const dump = await database.dump!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await database.close();
  }
}

/**
 * Restores a backup into an empty database (PostgreSQL) or an empty folder (embedded), then
 * applies this release's migrations; refuses a target that already holds tables or files.
 * Answers the counts of COUNTED_TABLES in the restored database.
 */
export async function restore(target: BackupTarget, file: string): Promise<Record<string, number>> {
  if (!existsSync(file)) throw new Error(`No backup file at ${file}.`);
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      );
      if (rows[0].n > 0)
        throw new Error('The target database is not empty: restore into a freshly created database.');
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${target.url}`,
      file,
    ]);
    // Two connections: migrate holds one for its lock and runs on another.
    const database = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 2 });
    try {
      await database.migrate();
      return await counts(database.db);
    } finally {
      await database.close();
    }
  }
  if (existsSync(target.dataDir) && readdirSync(target.dataDir).length > 0)
    throw new Error(`${target.dataDir} is not empty: restore the embedded database into an empty folder.`);
  const dump = new Blob([await readFile(file)]);
  const database = await openDatabase({ kind: 'pglite', dataDir: target.dataDir, loadDataDir: dump });
  try {
    await database.migrate();
    return await counts(database.db);
  } finally {
    await database.close();
  }
}

/** Row counts of the tables that matter. */
export async function counts(db: {
  execute(query: string): Promise<unknown>;
}): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const answer = (await db.execute(`select count(*)::int as n from ${table}`)) as
      | { rows: { n: number }[] }
      | { n: number }[];
    const rows = Array.isArray(answer) ? answer : answer.rows;
    result[table] = Number(rows[0]?.n ?? 0);
  }
  return result;
}

/** The backup target the configuration names: DATABASE_URL, else the embedded folder. */
export function targetOf(config: { databaseUrl: string | undefined; dataDir: string }): BackupTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
