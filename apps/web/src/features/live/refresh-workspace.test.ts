// What a heard change refreshes: the queries it touched, once per burst of changes, and a plan only
// when the list it is keyed by cannot tell it (the stores changed, or everything is refreshed).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client.js';
import { COALESCE_MS, refreshAfterChange } from './refresh-workspace.js';

const CART = ['cart'];
const PLAN = ['cart-plan', { maxStores: 2 }, ['7:1:0:']];
const LISTS = ['lists', 4];
const invalidated = (queryKey: unknown[]) =>
  queryClient.getQueryCache().find({ queryKey, exact: true })?.state.isInvalidated;

beforeEach(() => {
  vi.useFakeTimers();
  queryClient.clear();
  for (const key of [CART, PLAN, LISTS]) queryClient.setQueryData(key, { answer: key });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('refreshAfterChange', () => {
  it('refreshes the shopping list once for a burst of its changes, and leaves the plan to follow it', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (let i = 0; i < 25; i++) refreshAfterChange('cart');
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidated(CART)).toBe(true);
    // The plan is keyed by the list's content: only a list that really changed asks for a new one.
    expect(invalidated(PLAN)).toBe(false);
    expect(invalidated(LISTS)).toBe(false);
  });

  it('refreshes the plan too when the stores changed', async () => {
    refreshAfterChange('cart');
    refreshAfterChange('stores');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect([invalidated(CART), invalidated(PLAN), invalidated(LISTS)]).toEqual([true, true, true]);
  });

  it('leaves the plan alone when only favourites or lists changed', async () => {
    refreshAfterChange('favourites');
    refreshAfterChange('lists');
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect([invalidated(CART), invalidated(PLAN), invalidated(LISTS)]).toEqual([true, false, true]);
  });
});
