import { describe, expect, it } from 'vitest';
import { catalogueChangedHere, TtlCache } from './catalogue-cache.js';

const answer = (key: string, bytes: number) => Buffer.alloc(bytes, key);

describe('TtlCache bounded by bytes', () => {
  it('evicts the oldest entries once over its byte budget and still answers every key correctly', async () => {
    const cache = new TtlCache<Buffer>(60_000, { maxEntries: 100, maxBytes: 250, sizeOf: (b) => b.length });
    let computed = 0;
    const get = (key: string) =>
      cache.get(key, async () => {
        computed += 1;
        return answer(key, 100);
      });
    for (const key of ['a', 'b']) await get(key);
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    expect((await get('c')).equals(answer('c', 100))).toBe(true);
    // 300 bytes is over 250: the oldest ('a') went.
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
    expect(computed).toBe(3);
    expect((await get('b')).equals(answer('b', 100))).toBe(true); // still held
    expect(computed).toBe(3);
    expect((await get('a')).equals(answer('a', 100))).toBe(true); // computed again
    expect(computed).toBe(4);
    expect(cache.size).toEqual({ entries: 2, bytes: 200 });
  });

  it('keeps a single entry larger than the whole budget (the answer just computed)', async () => {
    const cache = new TtlCache<Buffer>(60_000, { maxEntries: 100, maxBytes: 50, sizeOf: (b) => b.length });
    await cache.get('small', async () => answer('s', 10));
    expect((await cache.get('big', async () => answer('b', 80))).length).toBe(80);
    expect(cache.size).toEqual({ entries: 1, bytes: 80 });
  });

  it('counts a replaced (expired) entry once', async () => {
    const cache = new TtlCache<Buffer>(0, { maxEntries: 100, maxBytes: 1_000, sizeOf: (b) => b.length });
    await cache.get('k', async () => answer('1', 100));
    await cache.get('k', async () => answer('2', 40));
    expect(cache.size).toEqual({ entries: 1, bytes: 40 });
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('is still bounded by entries, with or without a byte budget', async () => {
    const counted = new TtlCache<number>(60_000, 2);
    for (const key of ['a', 'b', 'c']) await counted.get(key, async () => key.charCodeAt(0));
    expect(counted.size.entries).toBe(2);
    expect(await counted.get('c', async () => -1)).toBe(99);
    expect(await counted.get('a', async () => -1)).toBe(-1);
  });
});

describe('TtlCache and a catalogue change during a read', () => {
  it('answers a read that began before the change but does not keep it', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    let finish: (value: string) => void = () => {};
    const before = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    // An ingest commits and every process forgets its catalogue caches while the read is on its way.
    catalogueChangedHere();
    expect(cache.peek('k')).toBeUndefined();
    finish('read before the change');
    expect(await before).toBe('read before the change');
    // Not kept: the next request reads afresh, and that answer is kept.
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', async () => 'read after')).toBe('read after');
    expect(cache.peek('k')).toBe('read after');
  });
});
