import { describe, expect, it } from 'vitest';
import { compareSpecials, specialRank } from './specials-order.js';

describe('specials order', () => {
  it('ranks usual price and no real saving after real savings', () => {
    expect(specialRank('great')).toBe(0);
    expect(specialRank('genuine')).toBe(0);
    expect(specialRank(null)).toBe(0);
    expect(specialRank('usual')).toBe(1);
    expect(specialRank('none')).toBe(1);
  });

  it('never puts a bigger fake saving above a real one', () => {
    const list = [
      { productId: 1, saving: 500, dealRating: 'usual' as const },
      { productId: 2, saving: 100, dealRating: 'genuine' as const },
      { productId: 3, saving: 900, dealRating: 'none' as const },
      { productId: 4, saving: 300, dealRating: 'great' as const },
      { productId: 5, saving: 300, dealRating: null },
    ];
    expect(list.sort(compareSpecials).map((s) => s.productId)).toEqual([4, 5, 2, 3, 1]);
  });
});
