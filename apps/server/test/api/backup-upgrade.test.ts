import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, counts, restore } from '../../src/ops/backup';
import { type Database, migrationsFolder, openDatabase } from '../../src/platform/db/database';
import { seed } from '../../src/seed';
import { withDatabase } from '../support/global-setup';

/**
 * Backups restore into a fresh database (both kinds), and an upgrade keeps the data: the
 * previous release's schema with data in it, then this release's migrations.
 *
 * PREVIOUS_RELEASE is the last migration the previous release shipped: move it forward when a
 * release is cut, so the migrations added since are the ones tried on old data.
 */
const PREVIOUS_RELEASE = '0006_back_office';

// These tests need a real PostgreSQL even when the suite runs on PGlite (as the fault tests do).
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let admin: pg.Client;
const made: string[] = [];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaunti-backup-'));
  dirs.push(dir);
  return dir;
};
async function freshPostgres(): Promise<string> {
  const name = `kaunti_bk_${process.pid}_${made.length}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  made.push(name);
  return withDatabase(SERVER, name);
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
});
afterAll(async () => {
  for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A citizen with an application, its bill and a payment: data that must survive. */
async function addCitizenData(database: Database, phone: string) {
  await database.db.execute(`
    with u as (
      insert into users (customer_no, first_name, sur_name, identifier, identifier_type, phone_number, email, password_hash)
      values ('KEEP-${phone}', 'Achieng', 'Otieno', '2${phone.slice(-7)}', 'id_number', '${phone}', 'keep${phone}@example.co.ke', 'x')
      returning id
    ), b as (
      insert into bills (bill_no, user_id, status, description, total_cents, due_date)
      select 'NCCB9${phone.slice(-7)}', u.id, 'open', 'Survey fee', 250000, current_date + 30 from u
      returning id, bill_no, user_id
    )
    insert into applications (application_no, user_id, service_id, status, values, fee_cents, bill_no)
    select 'LND-2024-${phone.slice(-6)}', b.user_id, 'land-survey', 'pending_payment',
           '{"sub_county_code":"WESTLANDS","lr_number":"209/10001"}'::jsonb, 250000, b.bill_no from b`);
}

describe('backup and restore', () => {
  it('an embedded database: backed up, restored into an empty folder, every row there', async () => {
    const source = join(tempDir(), 'pglite');
    const database = await openDatabase({ kind: 'pglite', dataDir: source });
    await database.migrate();
    await seed(database.db, { county: 'nairobi', demoData: true });
    await addCitizenData(database, '254711000001');
    const before = await counts(database.db);
    await database.close();

    const file = join(tempDir(), 'kaunti.tar.gz');
    await backup({ kind: 'pglite', dataDir: source }, file);
    const target = join(tempDir(), 'restored');
    expect(await restore({ kind: 'pglite', dataDir: target }, file)).toEqual(before);
    expect(before.users).toBeGreaterThan(1);
    expect(before.applications).toBeGreaterThan(0);
    // A folder that already holds a database is never overwritten.
    await expect(restore({ kind: 'pglite', dataDir: target }, file)).rejects.toThrow('is not empty');
  });

  it('a PostgreSQL database: pg_dump, then pg_restore into a fresh database, every row there', async () => {
    const sourceUrl = await freshPostgres();
    const database = await openDatabase({ kind: 'postgres', url: sourceUrl, poolSize: 2 });
    await database.migrate();
    await seed(database.db, { county: 'nairobi', demoData: true });
    await addCitizenData(database, '254711000002');
    const before = await counts(database.db);
    await database.close();

    const file = join(tempDir(), 'kaunti.dump');
    await backup({ kind: 'postgres', url: sourceUrl }, file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
    const targetUrl = await freshPostgres();
    expect(await restore({ kind: 'postgres', url: targetUrl }, file)).toEqual(before);
    await expect(restore({ kind: 'postgres', url: targetUrl }, file)).rejects.toThrow('not empty');
  });
});

describe('an upgrade from the previous release', () => {
  /** The migrations folder as the previous release shipped it. */
  function previousReleaseMigrations(): string {
    const folder = tempDir();
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
    const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === PREVIOUS_RELEASE);
    expect(last, `${PREVIOUS_RELEASE} is in the journal`).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }

  it.each(['pglite', 'postgres'] as const)(
    'keeps the data on %s and fills what the new migrations add',
    async (kind) => {
      const database =
        kind === 'pglite'
          ? await openDatabase({ kind: 'pglite' })
          : await openDatabase({ kind: 'postgres', url: await freshPostgres(), poolSize: 2 });
      try {
        await database.migrate(previousReleaseMigrations());
        // Data as the previous release wrote it (its schema had no bills.sub_county_code).
        await addCitizenData(database, '254711000003');
        await database.db.execute(`
          insert into payments (user_id, bill_id, bill_no, method, status, amount_requested_cents, amount_paid_cents,
                                phone_number, mpesa_receipt_number, result_code)
          select b.user_id, b.id, b.bill_no, 'stk', 'completed', 100000, 100000, '254711000003', 'SKA1B2C3D4', 0
          from bills b where b.bill_no = 'NCCB91000003'`);
        const before = await counts(database.db);

        await database.migrate();

        expect(await counts(database.db)).toEqual(before);
        const rows = (await database.db.execute(
          `select b.bill_no, b.total_cents::int as total, b.sub_county_code, a.status, a.values->>'lr_number' as lr
           from bills b join applications a on a.bill_no = b.bill_no where b.bill_no = 'NCCB91000003'`,
        )) as unknown as { rows: Record<string, unknown>[] };
        expect(rows.rows).toEqual([
          // 0007 fills the sub-county of an earlier bill from its application.
          {
            bill_no: 'NCCB91000003',
            total: 250000,
            sub_county_code: 'WESTLANDS',
            status: 'pending_payment',
            lr: '209/10001',
          },
        ]);
        // The payment keeps its receipt; 0007's new columns start empty.
        const paid = (await database.db.execute(
          `select mpesa_receipt_number, amount_paid_cents::int as paid, resolution from payments where bill_no = 'NCCB91000003'`,
        )) as unknown as { rows: Record<string, unknown>[] };
        expect(paid.rows).toEqual([{ mpesa_receipt_number: 'SKA1B2C3D4', paid: 100000, resolution: null }]);
        // The tables the new migrations made are there and usable.
        await database.db.execute(`select count(*) from job_runs`);
      } finally {
        await database.close();
      }
    },
  );
});
