import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { preparedSql, preparedStatement } from './prepared';
import { testDatabases } from './test-databases';

// PGlite always; PostgreSQL too when DATABASE_URL is set (a table of its own, dropped after).
const table = `prepared_test_${process.pid}_${Date.now().toString(36)}`;
const things = pgTable(table, { id: integer('id').primaryKey(), name: text('name'), data: jsonb('data') });

const insertThing = preparedStatement((db) =>
  db
    .insert(things)
    .values({
      id: sql.placeholder('id'),
      name: sql.placeholder('name'),
      data: sql`${sql.placeholder('data')}::jsonb`,
    })
    .prepare(`${table}_insert`),
);
const findThing = preparedStatement((db) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, sql.placeholder('id')))
    .prepare(`${table}_find`),
);

const insertThings = preparedSql(
  `${table}_insert_many`,
  sql`insert into ${sql.identifier(table)} (id, name)
    select * from unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('names')}::text[])`,
);

describe.each(testDatabases)('a prepared statement on %s', (kind, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
    await database.db.execute(
      sql.raw(`create table ${table} (id integer primary key, name text, data jsonb)`),
    );
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${table}`));
    await database.close();
  });

  it('runs inside the transaction it is given: it sees its changes, and a rollback undoes its own', async () => {
    const failure = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await insertThing.run(tx, { id: 1, name: 'inside', data: null });
        expect(await findThing.run(tx, { id: 1 })).toEqual([{ id: 1, name: 'inside', data: null }]);
        if (kind === 'PostgreSQL') {
          // Another connection does not see an uncommitted row.
          expect(await findThing.run(database.db, { id: 1 })).toEqual([]);
        }
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await findThing.run(database.db, { id: 1 })).toEqual([]);
  });

  it('runs on the database, many times and side by side; JSON null stays SQL NULL', async () => {
    await Promise.all(
      [2, 3, 4].map((id) =>
        insertThing.run(database.db, { id, name: `n${id}`, data: id === 2 ? null : '{"a":1}' }),
      ),
    );
    expect(await findThing.run(database.db, { id: 3 })).toEqual([{ id: 3, name: 'n3', data: { a: 1 } }]);
    const nulls = await database.db.execute(
      sql.raw(`select count(*)::int as n from ${table} where data is null`),
    );
    expect((nulls as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    await database.db.transaction(async (tx) => {
      await insertThing.run(tx, { id: 5, name: 'committed', data: null });
    });
    expect(await findThing.run(database.db, { id: 5 })).toHaveLength(1);
  });

  it('a statement written in SQL takes arrays, and runs in the transaction it is given', async () => {
    await insertThings.run(database.db, { ids: [10, 11], names: ['ten', 'eleven'] });
    expect(await findThing.run(database.db, { id: 11 })).toEqual([{ id: 11, name: 'eleven', data: null }]);
    const failure = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await insertThings.run(tx, { ids: [12], names: ['twelve'] });
        expect(await findThing.run(tx, { id: 12 })).toHaveLength(1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await findThing.run(database.db, { id: 12 })).toEqual([]);
  });
});
