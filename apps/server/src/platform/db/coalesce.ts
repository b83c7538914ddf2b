/**
 * One statement for many callers. A hot statement that many requests make at once (the
 * signed-in bills list, a draft save) costs its round trip to the database (and, for a write,
 * its commit), not its rows: on two shared cores the round trip is most of a request. These
 * helpers gather what is asked while earlier statements are under way and send it together, in
 * one statement, as soon as a slot is free.
 *
 * Fresh as a statement of its own: a caller is only ever answered by a statement that started
 * after it asked, so every write committed before the caller asked is seen (a statement already
 * under way is never joined), and a write is committed before its caller is answered.
 */
export interface CoalesceOptions {
  /** Statements under way at once (each holds a database connection while it runs). */
  concurrency: number;
  /** Callers' items per statement, at most; more wait for the next. */
  maxItems: number;
}

interface Job<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `run(items)` answers each item, in order (`answers[i]` for `items[i]`); its failure fails the
 * callers of that statement only. `key` (optional) names what an item touches: two items with
 * the same key are never in one statement, nor in two under way at once (the later waits until
 * the earlier's statement has ended), so two saves of one row are two statements, in the order
 * asked, and two statements under way never lock the same row (no deadlock between them).
 * `keys`: the same for an item that touches several rows (any key in common keeps two apart).
 */
export function batched<I, O>(
  run: (items: readonly I[]) => Promise<readonly O[]>,
  options: CoalesceOptions & { key?: (item: I) => unknown; keys?: (item: I) => readonly unknown[] },
): (item: I) => Promise<O> {
  const keysOf = (item: I): readonly unknown[] =>
    options.keys ? options.keys(item) : options.key ? [options.key(item)] : [];
  let queue: Job<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  // The keys of the statements under way: a job with one of them waits until that one ends.
  const held = new Set<unknown>();

  const start = () => {
    scheduled = false;
    while (running < options.concurrency && queue.length > 0) {
      const batch: Job<I, O>[] = [];
      const rest: Job<I, O>[] = [];
      const keys = new Set<unknown>();
      for (const job of queue) {
        const own = keysOf(job.item);
        if (batch.length >= options.maxItems || own.some((key) => keys.has(key) || held.has(key))) {
          rest.push(job);
        } else {
          for (const key of own) keys.add(key);
          batch.push(job);
        }
      }
      queue = rest;
      // Everything waiting is of keys under way: it starts when they end.
      if (batch.length === 0) break;
      for (const key of keys) held.add(key);
      running += 1;
      let answered: Promise<readonly O[]>;
      try {
        answered = run(batch.map((job) => job.item));
      } catch (error) {
        answered = Promise.reject(error);
      }
      answered
        .then(
          (answers) => {
            batch.forEach((job, i) => {
              job.resolve(answers[i] as O);
            });
          },
          (error: unknown) => {
            for (const job of batch) job.reject(error);
          },
        )
        .finally(() => {
          for (const key of keys) held.delete(key);
          running -= 1;
          start();
        });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // Those asking in the same turn of the event loop go together (a microtask later); after
      // that, a statement starts whenever one ends.
      if (!scheduled && running < options.concurrency) {
        scheduled = true;
        queueMicrotask(start);
      }
    });
}

/**
 * A read by key for many callers: `load(keys)` answers the keys it was given (a key missing
 * from its map is answered with `missing`); callers asking the same key in one statement share
 * its answer.
 */
export function coalesced<K, V>(
  load: (keys: readonly K[]) => Promise<Map<K, V>>,
  missing: V,
  options: CoalesceOptions,
): (key: K) => Promise<V> {
  return batched(async (keys: readonly K[]) => {
    const unique = [...new Set(keys)];
    const answers = await load(unique);
    return keys.map((key) => (answers.has(key) ? (answers.get(key) as V) : missing));
  }, options);
}
