// rowsSince: a later window's rows out of an earlier window's, as historySince would answer them.
import { describe, expect, it } from 'vitest';
import { rowsSince } from './kept-history.js';
import type { HistoryRow } from './price-history.repository.js';

const row = (store_id: number, observed_at: number, price: number): HistoryRow => ({
  product_id: 1,
  store_id,
  observed_at,
  price,
  base_price: price,
  promotion_type: 0,
  multibuy_quantity: null,
  multibuy_price: null,
});

describe('a later window out of a kept one', () => {
  // Kept for a window from 100: store 1's last change before it (at 50), then changes since.
  const kept = [row(1, 50, 400), row(2, 100, 300), row(1, 150, 450), row(2, 160, 280), row(1, 300, 500)];

  it('keeps every row since the new start, and each store its last row before it, in time order', () => {
    expect(rowsSince(kept, 155).map((r) => [r.store_id, r.observed_at])).toEqual([
      [2, 100],
      [1, 150],
      [2, 160],
      [1, 300],
    ]);
    expect(rowsSince(kept, 161).map((r) => [r.store_id, r.observed_at])).toEqual([
      [1, 150],
      [2, 160],
      [1, 300],
    ]);
    // Past every change: each store's last row only, so the chart still knows both prices.
    expect(rowsSince(kept, 400).map((r) => [r.store_id, r.price])).toEqual([
      [2, 280],
      [1, 500],
    ]);
  });

  it('answers the kept rows for the same start', () => {
    expect(rowsSince(kept, 100)).toEqual(kept.slice(0));
    expect(rowsSince(kept, 50)).toEqual(kept);
  });
});
