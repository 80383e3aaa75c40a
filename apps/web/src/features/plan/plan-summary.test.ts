import type { Plan } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { savingText } from './plan-summary.js';

const store = (storeId: number) => ({ storeId, items: [], subtotal: 0 });
const plan = (stores: number[], saving: number, single: number | null = 1): Plan => ({
  stores: stores.map(store),
  total: 0,
  unpriced: [],
  cheapestSingleStore: single === null ? null : { storeId: single, total: 0, unpriced: [] },
  saving,
});
const names = (id: number) => ({ 1: "Pak'nSave Kilbirnie", 2: 'New World Thorndon' })[id] ?? '?';

describe('savingText', () => {
  it('says what splitting saves', () => {
    expect(savingText(plan([1, 2], 740), names)).toBe('Splitting across 2 stores saves $7.40');
  });

  it('says when splitting buys more of the list rather than saving', () => {
    expect(savingText(plan([1, 2], -120), names)).toBe('Splitting across 2 stores prices more of the list');
  });

  it('names the cheapest single store when the plan is one store', () => {
    expect(savingText(plan([1], 0), names)).toBe("Pak'nSave Kilbirnie is the cheapest single store");
  });

  it('says so when no store prices anything', () => {
    expect(savingText(plan([], 0, null), names)).toBe('No store prices these items');
  });
});
