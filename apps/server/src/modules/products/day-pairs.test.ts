import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.js';
import { type DayPairs, dayPairsOf } from './day-pairs.js';

describe('pairs kept for a day', () => {
  it('keeps a batch whole: a full map is emptied before the batch, not during it', () => {
    const kept = new WeakMap<Kysely<DB>, DayPairs<string>>();
    const db = {} as Kysely<DB>;
    const pairs = dayPairsOf(kept, db, 0, 100, 3);
    pairs.makeRoomFor(2);
    pairs.set(1, 10, 'a');
    pairs.set(1, 11, 'b');
    pairs.makeRoomFor(2);
    pairs.set(2, 10, 'c');
    pairs.set(2, 11, 'd');
    expect([pairs.get(1, 10), pairs.get(2, 10), pairs.get(2, 11)]).toEqual([undefined, 'c', 'd']);
    // Setting a pair again does not count it twice.
    pairs.set(2, 11, 'e');
    pairs.makeRoomFor(1);
    expect(pairs.get(2, 11)).toBe('e');
  });

  it('starts afresh on a new day or a new generation, and is the same map otherwise', () => {
    const kept = new WeakMap<Kysely<DB>, DayPairs<string>>();
    const db = {} as Kysely<DB>;
    const today = dayPairsOf(kept, db, 0, 100, 10);
    today.set(1, 1, 'x');
    expect(dayPairsOf(kept, db, 0, 100, 10).get(1, 1)).toBe('x');
    expect(dayPairsOf(kept, db, 0, 101, 10).get(1, 1)).toBeUndefined();
    expect(dayPairsOf(kept, db, 1, 101, 10).get(1, 1)).toBeUndefined();
  });
});
