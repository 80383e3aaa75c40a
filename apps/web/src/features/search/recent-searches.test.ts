import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SEARCHES, withoutRecentSearch, withRecentSearch } from './recent-searches.js';

const texts = (list: { text: string }[]) => list.map((s) => s.text);

describe('recent searches', () => {
  it('keeps the trimmed text, newest first', () => {
    let list = withRecentSearch([], '  milk ', 1000);
    list = withRecentSearch(list, 'bread', 2000);
    expect(list).toEqual([
      { id: 2000, text: 'bread' },
      { id: 1000, text: 'milk' },
    ]);
  });

  it('ignores blank text', () => {
    expect(withRecentSearch([{ id: 1, text: 'eggs' }], '   ', 5)).toEqual([{ id: 1, text: 'eggs' }]);
  });

  it('replaces an older search that differs only by case or spaces', () => {
    let list = withRecentSearch([], 'Milk', 1000);
    list = withRecentSearch(list, 'bread', 2000);
    list = withRecentSearch(list, ' MILK ', 3000);
    expect(list).toEqual([
      { id: 3000, text: 'MILK' },
      { id: 2000, text: 'bread' },
    ]);
  });

  it('keeps at most 10, dropping the oldest', () => {
    let list: { id: number; text: string }[] = [];
    for (let i = 1; i <= 12; i++) list = withRecentSearch(list, `search ${i}`, i * 1000);
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(texts(list)[0]).toBe('search 12');
    expect(texts(list)).not.toContain('search 1');
    expect(texts(list)).not.toContain('search 2');
    expect(texts(list).at(-1)).toBe('search 3');
  });

  it('gives searches in the same millisecond distinct ids in order', () => {
    let list = withRecentSearch([], 'a', 1000);
    list = withRecentSearch(list, 'b', 1000);
    expect(list.map((s) => s.id)).toEqual([1001, 1000]);
  });

  it('removes one entry by id', () => {
    const list = withRecentSearch(withRecentSearch([], 'a', 1), 'b', 2);
    expect(texts(withoutRecentSearch(list, 1))).toEqual(['b']);
  });
});
