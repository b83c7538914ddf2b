import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * The PGlite client as Drizzle sees it (`drizzle({ client })`): PGlite's own `query` and
 * `transaction`, made cheaper for the statements the portal sends again and again.
 *
 * PGlite runs on the request thread, so what a query costs in JavaScript and WebAssembly is
 * what every other request waits for (issue 15: the embedded bills read at 50 connections). Two
 * costs were half of a small query (docs/performance.md):
 *  - **The parsers.** Drizzle passes the same parsers with every query (dates, intervals and
 *    numeric arrays kept as text). PGlite merges them into a copy of its own 318 parsers on
 *    every query: 110–230 µs. They are set on the client the first time each set is seen, and
 *    the query goes without them. Only Drizzle queries this client, and every Drizzle query
 *    carries the same set.
 *  - **Parsing and planning.** PGlite sends each query as six protocol steps (parse, describe,
 *    bind, describe, execute, sync), and PostgreSQL parses and plans it again each time. A
 *    statement text asked for the `PREPARE_AFTER`th time becomes a named statement of the
 *    embedded backend (as node-postgres does for Drizzle's `.prepare(name)` on PostgreSQL); from
 *    then on it is one call: bind, describe, execute, sync, and its plan is made once (every
 *    five minutes, `PLAN_MAX_AGE_MS`) rather than on every run. PostgreSQL re-plans a named
 *    statement itself when a table it reads changes.
 *
 * Queries keep PGlite's order and exclusivity: outside a transaction a statement waits for any
 * transaction under way (as `query` does), inside one it runs on the transaction's turn.
 */
export function drizzleClient(client: PGlite, options: { now?: () => number } = {}) {
  const statements = new StatementCache(client, options.now ?? Date.now);
  const installed = new WeakSet<object>();
  const lighten = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    if (!installed.has(parsers)) {
      Object.assign(client.parsers, parsers);
      installed.add(parsers);
    }
    return rest;
  };
  const on = (run: Pick<Transaction, 'query'>, inTransaction: boolean) => ({
    query: <T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      const light = lighten(options);
      return statements.wants(query)
        ? statements.run<T>(query, params ?? [], light, inTransaction)
        : run.query<T>(query, params, light);
    },
  });
  return {
    ...on(client, false),
    transaction: <T>(callback: (tx: ReturnType<typeof on>) => Promise<T>) =>
      client.transaction((tx) => callback(on(tx, true))),
    /** Forgets the named statements (after migrations: a statement may name what changed). */
    forget: () => statements.forget(),
  };
}

/** A statement text becomes a named statement the third time it is asked. */
const PREPARE_AFTER = 3;
/** Named statements kept at most; texts counted at most before the count starts again. */
const MAX_STATEMENTS = 300;
const MAX_COUNTED = 5_000;
/**
 * A named statement's plan is made anew after five minutes. The embedded backend plans each
 * named statement once (database.ts: `plan_cache_mode`), from the tables' sizes at that moment,
 * and it runs no autovacuum to refresh them: a plan made when a table was small is not kept
 * for the life of the process.
 */
export const PLAN_MAX_AGE_MS = 5 * 60_000;

interface Prepared {
  name: string;
  /** When it was prepared (its plan is made at its first run). */
  at: number;
  /** The type of each parameter, as PostgreSQL inferred it (chooses each value's serializer). */
  paramTypes: number[];
}

class StatementCache {
  readonly #client: PGlite;
  readonly #now: () => number;
  readonly #prepared = new Map<string, Prepared>();
  readonly #seen = new Map<string, number>();
  #next = 1;

  constructor(client: PGlite, now: () => number) {
    this.#client = client;
    this.#now = now;
  }

  /** Whether this text goes through a named statement (counted here). */
  wants(text: string): boolean {
    if (this.#prepared.has(text)) return true;
    if (this.#prepared.size >= MAX_STATEMENTS) return false;
    const count = (this.#seen.get(text) ?? 0) + 1;
    if (this.#seen.size >= MAX_COUNTED) this.#seen.clear();
    this.#seen.set(text, count);
    return count >= PREPARE_AFTER;
  }

  async run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    const client = this.#client;
    const turn = () =>
      client._runExclusiveQuery(async () => {
        const statement = (await this.#fresh(text)) ?? (await this.#prepare(text));
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const type = statement.paramTypes[i] ?? 0;
          const serialize = options?.serializers?.[type] ?? client.serializers[type];
          return serialize ? serialize(param) : String(param);
        });
        const message = concat([
          protocol.serialize.bind({ statement: statement.name, values: values as (string | null)[] }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        try {
          const { messages } = await client.execProtocol(message, { syncToFs: !inTransaction });
          return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
        } catch (error) {
          // A table's columns changed under a statement that reads them all: PostgreSQL will
          // not re-plan it, so the next ask prepares the text anew.
          if (error instanceof Error && error.message.includes('cached plan must not change result type')) {
            this.#prepared.delete(text);
          }
          throw error;
        }
      });
    // Outside a transaction, wait for one under way (PGlite's own `query` does the same).
    return inTransaction ? turn() : client._runExclusiveTransaction(turn);
  }

  /** The named statement of this text, unless its plan is too old (then it is closed). */
  async #fresh(text: string): Promise<Prepared | undefined> {
    const statement = this.#prepared.get(text);
    if (!statement || this.#now() - statement.at < PLAN_MAX_AGE_MS) return statement;
    this.#prepared.delete(text);
    await this.#client.execProtocol(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    return undefined;
  }

  /** Parses the text once as a named statement; kept only once PostgreSQL has accepted it. */
  async #prepare(text: string): Promise<Prepared> {
    const name = `kaunti_pglite_${this.#next++}`;
    const { messages } = await this.#client.execProtocol(
      concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, at: this.#now(), paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(text, prepared);
    this.#seen.delete(text);
    return prepared;
  }

  async forget() {
    if (this.#prepared.size === 0) return;
    this.#prepared.clear();
    await this.#client.exec('deallocate all');
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
