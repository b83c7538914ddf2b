import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** What a Drizzle prepared query (`.prepare(name)`) offers. */
interface PreparedQuery<T> {
  execute(placeholderValues?: Record<string, unknown>): Promise<T>;
}

/**
 * A statement built once (Drizzle's `.prepare(name)`; on PostgreSQL a named statement, parsed
 * once per connection) that runs on the database or inside a transaction: `run(on, values)`
 * sends it over `on`'s connection (a transaction's, or the pool/PGlite when `on` is the db).
 *
 * Drizzle binds a prepared query to the connection it was built on, so a query prepared on the
 * db would run outside the caller's transaction. Both drivers keep that connection in `client`
 * (the query's and the session's): the query is run through a view of it whose `client` is the
 * transaction's. `buildOn` is called once per driver (PGlite and node-postgres build different
 * prepared queries), the first time a statement runs on it.
 */
export function preparedStatement<T>(buildOn: (db: Db) => PreparedQuery<T>) {
  const byDriver = new Map<unknown, PreparedQuery<T>>();
  return {
    run(on: Db, values?: Record<string, unknown>): Promise<T> {
      const session = (on as unknown as { session?: { client?: unknown; constructor: unknown } }).session;
      if (session?.client === undefined) throw new Error('preparedStatement: a database without a client');
      let query = byDriver.get(session.constructor);
      if (!query) {
        query = buildOn(on);
        if ((query as unknown as { client?: unknown }).client === undefined) {
          throw new Error('preparedStatement: the prepared query keeps no client');
        }
        byDriver.set(session.constructor, query);
      }
      const own = (query as unknown as { client: unknown }).client;
      const bound: PreparedQuery<T> =
        own === session.client ? query : Object.create(query, { client: { value: session.client } });
      return bound.execute(values);
    },
  };
}

/**
 * A statement written in SQL (with `sql.placeholder`s), built once like `preparedStatement`: a
 * named statement on PostgreSQL, for the statements the query builder cannot write (an `insert …
 * select from unnest(…)` of several rows). Answers the driver's result (`rows`), not mapped.
 */
export function preparedSql(name: string, query: SQL) {
  return preparedStatement<{ rows: Record<string, unknown>[] }>((on) => {
    const { session, dialect } = on as unknown as {
      session: {
        prepareQuery(
          query: unknown,
          fields: undefined,
          name: string,
          arrayMode: boolean,
        ): PreparedQuery<{ rows: Record<string, unknown>[] }>;
      };
      dialect: { sqlToQuery(query: SQL): unknown };
    };
    return session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  });
}
