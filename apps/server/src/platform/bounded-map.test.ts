import { describe, expect, it } from 'vitest';
import { setBounded } from './bounded-map';

describe('setBounded', () => {
  it('keeps at most `max` entries, dropping the oldest for a new key', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) setBounded(map, 3, key, i);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
  });

  it('drops nothing when it replaces a key it holds', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    setBounded(map, 2, 'a', 3);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });
});
