import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, isUniqueViolation } from './database';
import { afterCommit, sharedTransactions, together, togetherWrite } from './shared-transaction';
import { testDatabases } from './test-databases';

// PGlite always; PostgreSQL too when DATABASE_URL is set (a table of its own, dropped after).
const table = `shared_tx_test_${process.pid}_${Date.now().toString(36)}`;

const rowsOf = (result: unknown) =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];

describe.each(testDatabases)('shared transactions on %s', (_kind, open) => {
  let database: Database;
  /** The statements each `together` sent, with how many items each carried. */
  let sent: { insert: number[]; read: number[] };
  const insert = together(async (on: Db, ids: readonly number[]) => {
    sent.insert.push(ids.length);
    await on.execute(
      sql`insert into ${sql.identifier(table)} (id) select unnest(${sql.param([...ids])}::int[])`,
    );
    return ids.map(() => undefined);
  });
  const exists = together(async (on: Db, ids: readonly number[]) => {
    sent.read.push(ids.length);
    const found = rowsOf(
      await on.execute(
        sql`select id from ${sql.identifier(table)} where id = any(${sql.param([...ids])}::int[])`,
      ),
    ).map((row) => Number(row.id));
    return ids.map((id) => found.includes(id));
  });
  /** What happened, in order: units going on, held writes sent (insertHeld). */
  let events: string[] = [];
  const insertHeld = togetherWrite((on: Db, ids: readonly number[]) => {
    events.push(`write ${ids.join(',')} sent`);
    return on.execute(
      sql`insert into ${sql.identifier(table)} (id) select unnest(${sql.param([...ids])}::int[])`,
    );
  });
  const transactionId = async (tx: Db) =>
    String(rowsOf(await tx.execute(sql`select txid_current() as id`))[0]!.id);
  const stored = async () =>
    rowsOf(await database.db.execute(sql`select id from ${sql.identifier(table)} order by id`)).map((r) =>
      Number(r.id),
    );

  beforeAll(async () => {
    database = await open();
    await database.db.execute(sql.raw(`create table ${table} (id integer primary key)`));
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${table}`));
    await database.close();
  });
  const reset = async () => {
    await database.db.execute(sql.raw(`delete from ${table}`));
    sent = { insert: [], read: [] };
    events = [];
  };

  it('alone (on the db, or a transaction not shared), a statement runs at once for its one caller', async () => {
    await reset();
    await insert(database.db, 1);
    await database.db.transaction(async (tx) => {
      await insert(tx, 2);
      expect(await exists(tx, 2)).toBe(true);
    });
    expect(sent).toEqual({ insert: [1, 1], read: [1] });
    expect(await stored()).toEqual([1, 2]);
  });

  it('units asked at one moment run in one transaction, and each statement they ask together is sent once', async () => {
    await reset();
    const inTransaction = sharedTransactions(database.db, { concurrency: 1, maxItems: 10 });
    // Asked in the same turn: all six in one transaction.
    const units = [10, 11, 12, 13, 14, 15].map((id) =>
      inTransaction([id], async (tx) => {
        await insert(tx, id);
        const seen = await exists(tx, id);
        return { id, seen, transaction: await transactionId(tx) };
      }),
    );
    const answers = await Promise.all(units);
    expect(answers.map((a) => a.seen)).toEqual([true, true, true, true, true, true]);
    expect(new Set(answers.map((a) => a.transaction)).size).toBe(1);
    expect(sent).toEqual({ insert: [6], read: [6] });
    expect(await stored()).toEqual([10, 11, 12, 13, 14, 15]);
  });

  it('when one unit fails, the shared transaction is rolled back and each runs again alone: the others commit, it gets its own error', async () => {
    await reset();
    await insert(database.db, 22);
    const inTransaction = sharedTransactions(database.db, { concurrency: 1, maxItems: 10 });
    const runs = new Map<number, number>();
    const counted: number[] = [];
    const unit = (id: number) =>
      inTransaction([id], async (tx) => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        await insert(tx, id);
        afterCommit(tx, () => counted.push(id));
        return id;
      });
    const answers = await Promise.allSettled([unit(20), unit(21), unit(22), unit(23)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const failure = (answers[2] as PromiseRejectedResult).reason;
    expect(isUniqueViolation(failure)).toBe(true);
    // Each ran twice: rolled back with 22 in the shared transaction, then alone.
    expect(Object.fromEntries(runs)).toEqual({ 20: 2, 21: 2, 22: 2, 23: 2 });
    expect(sent.insert).toEqual([1, 4, 1, 1, 1, 1]);
    // What a unit does outside the database for its change is done once, for the run that stood.
    expect(counted.sort()).toEqual([20, 21, 23]);
    expect(await stored()).toEqual([20, 21, 22, 23]);
  });

  it('in a shared transaction a unit goes on without waiting for its write; the writes go as one statement before the next one, which sees them', async () => {
    await reset();
    const inTransaction = sharedTransactions(database.db, { concurrency: 1, maxItems: 10 });
    const units = [40, 41, 42].map((id) =>
      inTransaction([id], async (tx) => {
        await insertHeld(tx, id);
        events.push(`${id} goes on`);
        // A plain statement (not asked together) goes behind the held writes.
        const seen = rowsOf(
          await tx.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where id = ${id}`),
        )[0]!.n;
        return { seen, transaction: await transactionId(tx) };
      }),
    );
    const answers = await Promise.all(units);
    expect(events).toEqual(['40 goes on', '41 goes on', '42 goes on', 'write 40,41,42 sent']);
    expect(answers.map((a) => a.seen)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => a.transaction)).size).toBe(1);
    expect(await stored()).toEqual([40, 41, 42]);
  });

  it('a held write that fails undoes the shared transaction though every unit had returned; each runs again alone', async () => {
    await reset();
    await insert(database.db, 52);
    const inTransaction = sharedTransactions(database.db, { concurrency: 1, maxItems: 10 });
    const runs = new Map<number, number>();
    const unit = (id: number) =>
      inTransaction([id], async (tx) => {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        await insertHeld(tx, id);
        return id;
      });
    const answers = await Promise.allSettled([unit(50), unit(51), unit(52), unit(53)]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(isUniqueViolation((answers[2] as PromiseRejectedResult).reason)).toBe(true);
    expect(Object.fromEntries(runs)).toEqual({ 50: 2, 51: 2, 52: 2, 53: 2 });
    // Held and sent at the commit once for all four, then alone (awaited) for each.
    expect(events[0]).toBe('write 50,51,52,53 sent');
    expect(events.slice(1).sort()).toEqual([
      'write 50 sent',
      'write 51 sent',
      'write 52 sent',
      'write 53 sent',
    ]);
    expect(await stored()).toEqual([50, 51, 52, 53]);
  });

  it('units with a key in common never share a transaction nor run at once', async () => {
    await reset();
    const inTransaction = sharedTransactions(database.db, { concurrency: 2, maxItems: 10 });
    const events: string[] = [];
    const unit = (name: string, keys: string[]) =>
      inTransaction(keys, async (tx) => {
        events.push(`${name} starts`);
        const transaction = await transactionId(tx);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`${name} ends`);
        return transaction;
      });
    const [a, b, c] = await Promise.all([
      unit('a', ['payment:1', 'bill:1']),
      unit('b', ['payment:2', 'bill:1']),
      unit('c', ['payment:3', 'bill:3']),
    ]);
    expect(a).not.toBe(b);
    expect(events.indexOf('b starts')).toBeGreaterThan(events.indexOf('a ends'));
    // c shares nothing with a: it did not wait for it.
    expect(events.indexOf('c starts')).toBeLessThan(events.indexOf('a ends'));
    expect(c).toBeDefined();
  });
});
