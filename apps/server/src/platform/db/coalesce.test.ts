import { describe, expect, it } from 'vitest';
import { batched, coalesced } from './coalesce';

/** A load whose calls are recorded and answered by hand. */
function manualLoad() {
  const calls: {
    keys: readonly string[];
    answer: (map: Map<string, number>) => void;
    fail: (e: Error) => void;
  }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<Map<string, number>>((answer, fail) => {
      calls.push({ keys, answer, fail });
    });
  return { calls, load };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced reads', () => {
  it('loads the keys asked together in one load, and answers each caller with its own key', async () => {
    const { calls, load } = manualLoad();
    const read = coalesced(load, -1, { concurrency: 1, maxItems: 10 });
    const answers = Promise.all([read('a'), read('b'), read('a'), read('c')]);
    await tick();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'c']]);
    calls[0]!.answer(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    // A key the load did not answer gets the "missing" value.
    expect(await answers).toEqual([1, 2, 1, -1]);
  });

  it('never answers a caller from a load that started before it asked', async () => {
    const { calls, load } = manualLoad();
    const read = coalesced(load, -1, { concurrency: 1, maxItems: 10 });
    const first = read('a');
    await tick();
    expect(calls).toHaveLength(1);
    // Asked while the first load of 'a' is under way: it waits for a load of its own.
    const second = read('a');
    const third = read('b');
    await tick();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(new Map([['a', 1]]));
    expect(await first).toBe(1);
    await tick();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['a', 'b']]);
    calls[1]!.answer(
      new Map([
        ['a', 2],
        ['b', 3],
      ]),
    );
    expect(await Promise.all([second, third])).toEqual([2, 3]);
  });

  it('runs up to `concurrency` loads at once, each of at most `maxItems` keys', async () => {
    const { calls, load } = manualLoad();
    const read = coalesced(load, -1, { concurrency: 2, maxItems: 2 });
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => read(key)));
    await tick();
    expect(calls.map((call) => call.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    calls[0]!.answer(new Map());
    await tick();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    calls[1]!.answer(new Map());
    calls[2]!.answer(new Map([['e', 5]]));
    expect(await all).toEqual([-1, -1, -1, -1, 5]);
  });

  it('fails only the callers of a failed load, and goes on loading for the others', async () => {
    const { calls, load } = manualLoad();
    const read = coalesced(load, -1, { concurrency: 1, maxItems: 10 });
    const failed = read('a');
    await tick();
    const later = read('b');
    calls[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await tick();
    calls[1]!.answer(new Map([['b', 2]]));
    expect(await later).toBe(2);
  });

  it('fails the callers when the load throws before it returns a promise', async () => {
    const read = coalesced<string, number>(
      () => {
        throw new Error('bad query');
      },
      -1,
      { concurrency: 1, maxItems: 10 },
    );
    await expect(read('a')).rejects.toThrow('bad query');
    await expect(read('b')).rejects.toThrow('bad query');
  });

  it('never puts two writes of the same key in one statement: the later waits for the next, in order', async () => {
    const statements: { items: readonly { id: string; value: number }[]; done: () => void }[] = [];
    const save = batched(
      (items: readonly { id: string; value: number }[]) =>
        new Promise<readonly string[]>((resolve) => {
          statements.push({ items, done: () => resolve(items.map((item) => `${item.id}=${item.value}`)) });
        }),
      { concurrency: 1, maxItems: 10, key: (item) => item.id },
    );
    const answers = Promise.all([
      save({ id: 'a', value: 1 }),
      save({ id: 'b', value: 1 }),
      save({ id: 'a', value: 2 }),
      save({ id: 'a', value: 3 }),
    ]);
    await tick();
    expect(statements.map((s) => s.items)).toEqual([
      [
        { id: 'a', value: 1 },
        { id: 'b', value: 1 },
      ],
    ]);
    statements[0]!.done();
    await tick();
    expect(statements[1]!.items).toEqual([{ id: 'a', value: 2 }]);
    statements[1]!.done();
    await tick();
    expect(statements[2]!.items).toEqual([{ id: 'a', value: 3 }]);
    statements[2]!.done();
    expect(await answers).toEqual(['a=1', 'b=1', 'a=2', 'a=3']);
  });

  it('never runs two statements with the same key at once, even with slots free', async () => {
    const statements: { items: readonly string[]; done: () => void }[] = [];
    const save = batched(
      (items: readonly string[]) =>
        new Promise<readonly string[]>((resolve) => {
          statements.push({ items, done: () => resolve(items) });
        }),
      { concurrency: 2, maxItems: 10, key: (item) => item },
    );
    const first = save('a');
    await tick();
    // Asked while 'a' is being saved: 'b' goes at once in the free slot, the second 'a' waits.
    const second = save('a');
    const other = save('b');
    await tick();
    expect(statements.map((s) => s.items)).toEqual([['a'], ['b']]);
    statements[1]!.done();
    await tick();
    expect(statements).toHaveLength(2);
    statements[0]!.done();
    await tick();
    expect(statements.map((s) => s.items)).toEqual([['a'], ['b'], ['a']]);
    statements[2]!.done();
    expect(await Promise.all([first, second, other])).toEqual(['a', 'a', 'b']);
  });
});
