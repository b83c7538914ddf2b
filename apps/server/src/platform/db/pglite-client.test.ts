import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, isUniqueViolation, openDatabase } from './database';
import { drizzleClient, PLAN_MAX_AGE_MS } from './pglite-client';

// The embedded database's client (pglite-client.ts): a statement asked again and again becomes
// a named statement of the backend, and answers exactly as PGlite's own query did.
const things = pgTable('pglite_client_things', {
  id: integer('id').primaryKey(),
  ref: uuid('ref').notNull().unique(),
  name: text('name'),
  data: jsonb('data'),
  big: bigint('big', { mode: 'number' }),
  due: date('due'),
  at: timestamp('at', { withTimezone: true }),
});

let database: Database;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const prepared = async () =>
  rowsOf(await database.db.execute(sql`select statement from pg_prepared_statements order by name`)).map(
    (row) => row.statement,
  );

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await database.db.execute(
    sql.raw(`create table pglite_client_things (id integer primary key, ref uuid not null unique, name text,
      data jsonb, big bigint, due date, at timestamptz)`),
  );
});
afterAll(async () => {
  await database.close();
});

const REF = ['6f1c8a52-0c1e-4a3b-9a57-2f5d8f0a1b01', '6f1c8a52-0c1e-4a3b-9a57-2f5d8f0a1b02'];
const row = (id: number) => ({
  id,
  ref: REF[id - 1]!,
  name: `thing ${id}`,
  data: { lines: [{ amount_cents: 150_000 * id }], note: null },
  big: 9_007_199_254_740_000 + id,
  due: '2026-12-31',
  at: new Date(`2026-11-28T10:0${id}:00.000Z`),
});
const read = (ids: number[]) =>
  database.db
    .select()
    .from(things)
    .where(
      inArray(
        things.ref,
        ids.map((id) => REF[id - 1]!),
      ),
    );

describe('the embedded database client', () => {
  it('answers a statement asked many times as it answered the first time, from a named statement after the third', async () => {
    await database.db.insert(things).values([row(1), row(2)]);
    const first = await read([1, 2]);
    expect(first).toEqual([row(1), row(2)]);
    const text = database.db
      .select()
      .from(things)
      .where(inArray(things.ref, [REF[0]!, REF[1]!]))
      .toSQL().sql;
    expect(await prepared()).not.toContain(text);
    const again = [];
    for (let i = 0; i < 5; i += 1) again.push(await read([1, 2]));
    for (const answer of again) expect(answer).toEqual(first);
    // The dates as Drizzle reads them (text parsers), a uuid list, JSON, a bigint, a null.
    expect(again[4]![0]!.at).toBeInstanceOf(Date);
    expect(again[4]![0]!.due).toBe('2026-12-31');
    expect(await prepared()).toContain(text);
    // Other parameters, the same statement.
    for (let i = 0; i < 3; i += 1) expect(await read([2])).toEqual([row(2)]);
    expect(await read([])).toEqual([]);
  });

  it('runs a named statement inside a transaction: it sees the transaction, a rollback undoes it, a failure names its constraint', async () => {
    const rename = (on: typeof database.db, name: string) =>
      on.update(things).set({ name }).where(eq(things.id, 1)).returning({ name: things.name });
    for (let i = 0; i < 3; i += 1) await rename(database.db, 'thing 1');
    const failure = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        expect(await rename(tx, 'renamed inside')).toEqual([{ name: 'renamed inside' }]);
        const [inside] = await tx.select({ name: things.name }).from(things).where(eq(things.id, 1));
        expect(inside).toEqual({ name: 'renamed inside' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await read([1]))[0]!.name).toBe('thing 1');

    // A unique violation from a named statement is the same error the code looks for.
    const copyRef = (id: number) => database.db.insert(things).values({ ...row(1), id });
    const errors: unknown[] = [];
    for (let id = 10; id < 14; id += 1) await copyRef(id).catch((error: unknown) => errors.push(error));
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(isUniqueViolation(error, 'pglite_client_things_ref_key')).toBe(true);
    expect(await prepared()).toContain(
      database.db
        .insert(things)
        .values({ ...row(1), id: 10 })
        .toSQL().sql,
    );
    // …and inside a transaction, the whole transaction is undone.
    await expect(
      database.db.transaction(async (tx) => {
        await rename(tx, 'renamed before the failure');
        await tx.insert(things).values({ ...row(1), id: 20 });
      }),
    ).rejects.toSatisfy((error) => isUniqueViolation(error, 'pglite_client_things_ref_key'));
    expect((await read([1]))[0]!.name).toBe('thing 1');
  });

  it('keeps a transaction whole: a statement asked outside it waits until it has ended', async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let begun = () => {};
    const underWay = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.update(things).set({ name: 'half-way' }).where(eq(things.id, 2));
      begun();
      await held;
      await tx.update(things).set({ name: 'thing 2' }).where(eq(things.id, 2));
      order.push('committed');
    });
    await underWay;
    const outside = read([2]).then((rows) => {
      order.push(`read ${rows[0]!.name}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['committed', 'read thing 2']);
  });

  it('prepares a statement anew when the columns it reads have changed', async () => {
    await database.db.execute(sql.raw('create table pglite_client_wide (a int, b int)'));
    await database.db.execute(sql.raw('insert into pglite_client_wide values (1, 2)'));
    const all = async () => rowsOf(await database.db.execute(sql.raw('select * from pglite_client_wide')));
    for (let i = 0; i < 4; i += 1) expect(await all()).toEqual([{ a: 1, b: 2 }]);
    await database.db.execute(sql.raw('alter table pglite_client_wide add column c int default 3'));
    // PostgreSQL refuses the old plan once at most; the next ask reads the new columns.
    await all().catch(() => undefined);
    expect(await all()).toEqual([{ a: 1, b: 2, c: 3 }]);
  });

  it('forgets its named statements after migrations, and goes on answering', async () => {
    expect((await prepared()).length).toBeGreaterThan(0);
    await database.migrate();
    expect(await prepared()).toEqual([]);
    for (let i = 0; i < 4; i += 1) expect(await read([2])).toEqual([row(2)]);
  });

  it('plans a named statement once, and makes it anew once its plan is five minutes old', async () => {
    const shown = (await database.db.execute(sql`show plan_cache_mode`)) as unknown as {
      rows: { plan_cache_mode: string }[];
    };
    expect(shown.rows[0]!.plan_cache_mode).toBe('force_generic_plan');

    const client = await PGlite.create();
    try {
      let clock = 1_000_000;
      const queries = drizzleClient(client, { now: () => clock });
      const names = async () =>
        (
          await client.query<{ name: string }>('select name from pg_prepared_statements order by name')
        ).rows.map((row) => row.name);
      const ask = async (n: number) =>
        (await queries.query<{ n: number }>('select $1::int + 1 as n', [n])).rows[0]!.n;
      expect([await ask(1), await ask(2), await ask(3)]).toEqual([2, 3, 4]);
      const [first] = await names();
      expect(first).toBeDefined();
      clock += PLAN_MAX_AGE_MS - 1;
      expect(await ask(4)).toBe(5);
      expect(await names()).toEqual([first]);
      clock += 1;
      expect(await ask(5)).toBe(6);
      const now = await names();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(first);
    } finally {
      await client.close();
    }
  });
});
