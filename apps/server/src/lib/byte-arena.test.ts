import { describe, expect, it } from 'vitest';
import { ByteArena } from './byte-arena.js';

describe('a byte arena', () => {
  it('keeps pieces as their UTF-8 bytes, each apart, across slabs', () => {
    const arena = new ByteArena();
    const kept = Array.from({ length: 2_000 }, (_, i) =>
      arena.keep([`{"id":${i},"name":"Māori ☕ `, Buffer.from(`${i}"}`)]),
    );
    kept.forEach((bytes, i) => {
      expect(JSON.parse(bytes.toString('utf8'))).toEqual({ id: i, name: `Māori ☕ ${i}` });
    });
    // Writing more never changes what was kept.
    expect(kept[0]?.toString('utf8')).toBe('{"id":0,"name":"Māori ☕ 0"}');
  });

  it('gives a large piece its own memory, and keeps an empty one', () => {
    const arena = new ByteArena();
    const large = 'x'.repeat(100_000);
    expect(arena.keep([large]).toString('latin1')).toBe(large);
    expect(arena.keep([]).length).toBe(0);
    expect(arena.keep(['after']).toString('utf8')).toBe('after');
  });
});
