/**
 * One read for many callers. A hot read that many requests make at once (the signed-in bills
 * list) costs its round trip to the database, not its rows: on two shared cores the round trip
 * is most of a request. `coalesced(load)` gathers the keys asked for while earlier loads are
 * under way and loads them together, in one query, as soon as a load slot is free.
 *
 * Fresh as a read of its own: a key is only ever answered by a load that started after it was
 * asked, so every write committed before the caller asked is seen (a load already under way is
 * never joined). Callers asking the same key in one batch share its answer.
 */
export interface CoalesceOptions {
  /** Loads under way at once (each holds a database connection while it runs). */
  concurrency: number;
  /** Keys per load, at most; more wait for the next. */
  maxKeys: number;
}

interface Waiter<V> {
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * `load(keys)` answers every key it was given (a key missing from its map is answered with
 * `missing`); its failure fails the callers of that load only.
 */
export function coalesced<K, V>(
  load: (keys: readonly K[]) => Promise<Map<K, V>>,
  missing: V,
  options: CoalesceOptions,
): (key: K) => Promise<V> {
  const waiting = new Map<K, Waiter<V>[]>();
  let running = 0;
  let scheduled = false;

  const start = () => {
    scheduled = false;
    while (running < options.concurrency && waiting.size > 0) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size >= options.maxKeys) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) waiting.delete(key);
      running += 1;
      let loaded: Promise<Map<K, V>>;
      try {
        loaded = load([...batch.keys()]);
      } catch (error) {
        loaded = Promise.reject(error);
      }
      loaded
        .then(
          (answers) => {
            for (const [key, waiters] of batch) {
              const value = answers.has(key) ? (answers.get(key) as V) : missing;
              for (const waiter of waiters) waiter.resolve(value);
            }
          },
          (error: unknown) => {
            for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
          },
        )
        .finally(() => {
          running -= 1;
          start();
        });
    }
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      // Those asking in the same turn of the event loop go together (a microtask later); after
      // that, a load starts whenever one ends.
      if (!scheduled && running < options.concurrency) {
        scheduled = true;
        queueMicrotask(start);
      }
    });
}
