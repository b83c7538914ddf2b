import { batched, type CoalesceOptions } from './coalesce';
import type { Db } from './database';

/**
 * One transaction for the units of work of one moment. A unit (an M-Pesa callback: lock the
 * payment and its bill, record, credit, audit, log) is a handful of statements, each a round
 * trip; on two shared cores the round trips are most of its cost. Units asked while earlier
 * ones are under way run side by side in one transaction, and the statements they ask in the
 * same turn (`together`) go as one: eight callbacks lock their eight payments in one statement.
 *
 * Each unit's code is the same as when it runs alone: a `together` statement on a transaction
 * that is not shared is sent at once, for that one caller.
 *
 * All or each: the shared transaction commits only when every unit in it succeeded. When one
 * fails (a receipt number taken, say, which fails the statement of every unit that shared it),
 * the whole transaction is rolled back and each unit runs again alone, in its own transaction,
 * so each gets exactly the outcome it would have had alone. A unit must therefore do nothing
 * outside the database that it could not do twice (a log line is fine).
 */

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const settle = (promise: Promise<unknown>): Promise<Outcome> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * What a transaction shared now keeps for its units: each statement's items waiting for the next
 * turn (`together`), what to do once it commits (nothing if it is rolled back: `afterCommit`),
 * and the writes it holds until its next statement (`togetherWrite`).
 */
interface Shared {
  waiting: Map<unknown, Waiting>;
  effects: (() => void)[];
  held: HeldWrites;
}

/** The transactions units share now. */
const shared = new WeakMap<Db, Shared>();

type Write = (on: Db, items: readonly unknown[]) => Promise<unknown>;

/**
 * The writes a shared transaction holds, by statement in the order first asked, and the answers
 * of those sent. Installed on the transaction's connection client: every statement sent through
 * it sends the held writes first.
 */
class HeldWrites {
  readonly #tx: Db;
  readonly #held = new Map<Write, unknown[]>();
  readonly #sent: Promise<Outcome>[] = [];
  readonly #restore: () => void;
  /** Statements the client was asked to send (to check a held write sent its own at once). */
  #asked = 0;

  constructor(tx: Db) {
    this.#tx = tx;
    const session = (tx as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } })
      .session;
    const client = session.client;
    const query = client.query;
    const view = new Proxy(client, {
      get: (target, property) => {
        if (property === 'query') {
          return (...args: unknown[]) => {
            this.send();
            this.#asked++;
            return query.apply(target, args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    session.client = view;
    this.#restore = () => {
      session.client = client;
    };
  }

  hold(write: Write, item: unknown): void {
    const items = this.#held.get(write);
    if (items) items.push(item);
    else this.#held.set(write, [item]);
  }

  /** Sends the held writes, each one statement for all its items, without waiting. */
  send(): void {
    if (this.#held.size === 0) return;
    const held = [...this.#held];
    this.#held.clear();
    for (const [write, items] of held) {
      const asked = this.#asked;
      this.#sent.push(settle(write(this.#tx, items)));
      if (this.#asked === asked) {
        throw new Error('togetherWrite: a held write must send its statement as it is called');
      }
    }
  }

  /** Sends what is still held and answers every write's outcome. */
  settle(): Promise<Outcome[]> {
    this.send();
    return Promise.all(this.#sent);
  }

  /** The transaction's client as it was; what is still held is dropped (the transaction failed). */
  release(): void {
    this.#held.clear();
    this.#restore();
  }
}

/**
 * Something outside the database a unit does for its change (a metric counted): in a shared
 * transaction, once it commits, so that a unit that runs again alone does not do it twice;
 * otherwise at once.
 */
export function afterCommit(on: Db, effect: () => void): void {
  const queued = shared.get(on)?.effects;
  if (queued) queued.push(effect);
  else effect();
}

interface Waiting {
  items: unknown[];
  answers: { resolve: (value: unknown) => void; reject: (error: unknown) => void }[];
}

/**
 * A statement that units sharing a transaction ask together: `run(on, items)` answers each item
 * (`answers[i]` for `items[i]`). On a transaction that is not shared (or on the db), it runs at
 * once for the one item; on a shared one, the items asked in the same turn run as one statement.
 */
export function together<I, O>(
  run: (on: Db, items: readonly I[]) => Promise<readonly O[]>,
): (on: Db, item: I) => Promise<O> {
  return async (on, item) => {
    const waitingOn = shared.get(on)?.waiting;
    if (!waitingOn) {
      const [answer] = await run(on, [item]);
      return answer as O;
    }
    return new Promise<O>((resolve, reject) => {
      let waiting = waitingOn.get(run);
      if (!waiting) {
        const fresh: Waiting = { items: [], answers: [] };
        waiting = fresh;
        waitingOn.set(run, fresh);
        // The units of a shared transaction move in step (each waits for the same statements),
        // so once the promise jobs of this moment have run, every one of them has asked.
        process.nextTick(() => {
          waitingOn.delete(run);
          run(on, fresh.items as I[]).then(
            (answers) => {
              fresh.answers.forEach((answer, i) => {
                answer.resolve(answers[i]);
              });
            },
            (error: unknown) => {
              for (const answer of fresh.answers) answer.reject(error);
            },
          );
        });
      }
      waiting.items.push(item);
      waiting.answers.push({ resolve: resolve as (value: unknown) => void, reject });
    });
  };
}

/**
 * A write asked together: `run(on, items)` writes every item. Alone (on the db, or a transaction
 * not shared), it is sent at once and each caller is answered once it is written.
 *
 * In a shared transaction the caller goes on without waiting: the write is held, with the same
 * write of the other units, and sent just before the transaction's next statement, whatever
 * sends it, or before the commit. The held writes then go one behind the other without waiting
 * for each other's answers (on PostgreSQL the pool's connections pipeline), so a unit's writes
 * cost one round trip between them rather than one each. Whatever a unit reads afterwards goes
 * behind them and sees them. The transaction waits for every write before it commits; one that
 * failed rolls it back, and each unit runs again alone, where its writes are awaited as usual.
 *
 * `run` must send its statement as it is called (before any await): that keeps the order.
 */
export function togetherWrite<I>(run: (on: Db, items: readonly I[]) => Promise<unknown>) {
  const write = together(async (on: Db, items: readonly I[]) => {
    await run(on, items);
    return items.map(() => undefined);
  });
  return async (on: Db, item: I): Promise<void> => {
    const held = shared.get(on)?.held;
    if (held) held.hold(run as Write, item);
    else await write(on, item);
  };
}

/**
 * A read by key asked together: `load(on, keys)` answers the keys it was given (each once); a
 * key missing from its map is answered with undefined.
 */
export function togetherByKey<K, V>(load: (on: Db, keys: readonly K[]) => Promise<Map<K, V>>) {
  return together(async (on: Db, keys: readonly K[]) => {
    const found = await load(on, [...new Set(keys)]);
    return keys.map((key) => found.get(key));
  });
}

interface Unit {
  keys: readonly unknown[];
  work: (tx: Db) => Promise<unknown>;
}

/** Thrown inside a shared transaction to roll it back when one of its units failed. */
class UnitFailed extends Error {}

/**
 * Answers `(keys, work)`, which runs `work` in a transaction shared with the units asked at the
 * same moment. `keys` name the rows the unit locks: two units with a common key never share a
 * transaction nor run at once (the later waits), so shared transactions under way never wait
 * for each other's rows, and two units never read the same row before either writes it.
 */
export function sharedTransactions(db: Db, options: CoalesceOptions) {
  const alone = (unit: Unit) => settle(db.transaction((tx) => unit.work(tx)));
  const run = batched(
    async (units: readonly Unit[]): Promise<Outcome[]> => {
      if (units.length === 1) return [await alone(units[0]!)];
      const effects: (() => void)[] = [];
      let outcomes: Outcome[];
      try {
        outcomes = await db.transaction(async (tx) => {
          const held = new HeldWrites(tx);
          shared.set(tx, { waiting: new Map(), effects, held });
          try {
            const settled = await Promise.all(units.map((unit) => settle(unit.work(tx))));
            if (settled.some((outcome) => !outcome.ok)) throw new UnitFailed();
            // Every write sent and answered before the commit: a COMMIT behind a failed write
            // would only roll back, which the driver does not report as an error.
            const written = await held.settle();
            if (written.some((outcome) => !outcome.ok)) throw new UnitFailed();
            return settled;
          } finally {
            shared.delete(tx);
            held.release();
          }
        });
      } catch {
        // Rolled back: each again alone, side by side (their keys differ: no common rows). Were the
        // commit's answer lost after all, each finds its change made and makes it no second time.
        return Promise.all(units.map(alone));
      }
      for (const effect of effects) effect();
      return outcomes;
    },
    { ...options, keys: (unit) => unit.keys },
  );
  return async <T>(keys: readonly unknown[], work: (tx: Db) => Promise<T>): Promise<T> => {
    const outcome = await run({ keys, work });
    if (!outcome.ok) throw outcome.error;
    return outcome.value as T;
  };
}
