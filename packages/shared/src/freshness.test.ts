import { describe, expect, it } from 'vitest';
import { splitCartByStore } from './cart-split.js';
import { checkedAgo, isStale } from './freshness.js';
import { DAY_MS } from './price-verdict.js';

const now = Date.UTC(2026, 10, 28, 12);

describe('how old a price is', () => {
  it('words the age of the last confirmation', () => {
    expect(checkedAgo(now - 10_000, now)).toBe('checked just now');
    expect(checkedAgo(now - 20 * 60_000, now)).toBe('checked 20 min ago');
    expect(checkedAgo(now - 3 * 3_600_000 - 5, now)).toBe('checked 3 h ago');
    expect(checkedAgo(now - DAY_MS, now)).toBe('checked 1 day ago');
    expect(checkedAgo(now - 9 * DAY_MS - 1000, now)).toBe('checked 9 days ago');
    // A clock a little behind the feed's: never 'in the future'.
    expect(checkedAgo(now + 60_000, now)).toBe('checked just now');
  });

  it('is stale after more than the limit (8 days by default), unknown ages are not stale', () => {
    expect(isStale({ seenAt: now - 8 * DAY_MS }, now)).toBe(false);
    expect(isStale({ seenAt: now - 8 * DAY_MS - 1 }, now)).toBe(true);
    expect(isStale({ seenAt: now - 3 * DAY_MS }, now, 2)).toBe(true);
    expect(isStale({}, now)).toBe(false);
  });
});

describe('the cheapest split with stale prices', () => {
  const store = (id: number, name: string) => ({ id, name }) as never;
  const product = (prices: { storeId: number; price: number; seenAt: number }[]) =>
    ({ id: 1, name: 'Milk', prices, bestPrice: 0, highestPrice: 0 }) as never;
  const stores = [store(1, 'A'), store(2, 'B')];

  it('prefers a fresh price to a cheaper stale one at another store', () => {
    const line = {
      product: product([
        { storeId: 1, price: 400, seenAt: now - 20 * DAY_MS },
        { storeId: 2, price: 450, seenAt: now - DAY_MS },
      ]),
      quantity: 1,
    };
    const fresh = splitCartByStore(
      [line],
      stores,
      () => true,
      (p) => isStale(p, now),
    );
    const chosen = fresh.groups.find((g) => g.lines.length > 0);
    expect(chosen?.store.id).toBe(2);
    expect(chosen?.lines[0]).toMatchObject({ unitPrice: 450, stale: false });
    // Without the freshness rule: the cheapest.
    expect(splitCartByStore([line], stores, () => true).groups.find((g) => g.lines.length)?.store.id).toBe(1);
  });

  it('takes the cheapest stale price when no store has a fresh one, and says it is stale', () => {
    const line = {
      product: product([
        { storeId: 1, price: 400, seenAt: now - 20 * DAY_MS },
        { storeId: 2, price: 450, seenAt: now - 30 * DAY_MS },
      ]),
      quantity: 2,
    };
    const split = splitCartByStore(
      [line],
      stores,
      () => true,
      (p) => isStale(p, now),
    );
    const chosen = split.groups.find((g) => g.lines.length > 0);
    expect(chosen?.store.id).toBe(1);
    expect(chosen?.lines[0]).toMatchObject({ lineTotal: 800, stale: true });
  });
});
