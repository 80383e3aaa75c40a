import { describe, expect, it } from 'vitest';
import { itemCountText, upsertList } from './workspace-lists.js';

describe('the Lists screen counts', () => {
  it('says Empty, 1 item or n items, and nothing when the count is unknown', () => {
    expect(itemCountText(0)).toBe('Empty');
    expect(itemCountText(1)).toBe('1 item');
    expect(itemCountText(12)).toBe('12 items');
    expect(itemCountText(undefined)).toBeNull();
  });

  it('keeps the count last known when an answer brings none, sorted by name', () => {
    const lists = [
      { id: 1, name: 'Weekly', itemCount: 4 },
      { id: 2, name: 'barbecue', itemCount: 0 },
    ];
    expect(upsertList(lists, { id: 1, name: 'Aardvark' })).toEqual([
      { id: 1, name: 'Aardvark', itemCount: 4 },
      { id: 2, name: 'barbecue', itemCount: 0 },
    ]);
    expect(upsertList(lists, { id: 2, name: 'barbecue', itemCount: 3 })[0]).toEqual({
      id: 2,
      name: 'barbecue',
      itemCount: 3,
    });
  });
});
