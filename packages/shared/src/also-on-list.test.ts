// Issue 49 item 5: in store, nothing on the list is hidden. What the split or plan put at other
// stores is listed with where it is cheaper and by how much.
import { describe, expect, it } from 'vitest';
import { elsewhereItems, elsewhereNote, placedFromPlan, placedFromSplit } from './also-on-list.js';
import type { CartByStore } from './cart-split.js';
import type { Plan } from './plan-api.js';

const names: Record<number, string> = { 1: 'New World Thorndon', 2: "PAK'nSAVE Kilbirnie" };
const storeName = (id: number) => names[id] ?? 'Another store';

describe('elsewhereItems', () => {
  const placed = [
    { productId: 10, storeId: 2, lineTotal: 500 },
    { productId: 11, storeId: 1, lineTotal: 380 },
    { productId: 12, storeId: 1, lineTotal: 700 },
    { productId: 13, storeId: null, lineTotal: null },
    { productId: 14, storeId: 1, lineTotal: 250 },
  ];
  const here: Record<number, number> = { 10: 500, 11: 500, 14: 250 };
  const items = elsewhereItems(placed, 2, (id) => here[id] ?? null);

  it('lists every item placed at another store or at none, never this store’s own', () => {
    expect(items.map((i) => i.productId)).toEqual([11, 12, 13, 14]);
  });

  it('says how much cheaper each is where it was placed, when this store prices it too', () => {
    expect(items.map((i) => i.cheaperBy)).toEqual([120, null, null, null]);
    expect(items.map((i) => elsewhereNote(i, storeName))).toEqual([
      '$1.20 cheaper at New World Thorndon',
      'Priced at New World Thorndon only',
      'No price at your stores',
      'Planned for New World Thorndon',
    ]);
  });
});

describe('placed items', () => {
  it('come from the split: every group line, and the unpriced items', () => {
    const split = {
      groups: [
        { store: { id: 1 }, lines: [{ product: { id: 10 }, lineTotal: 300 }] },
        { store: { id: 2 }, lines: [{ product: { id: 11 }, lineTotal: 450 }] },
      ],
      unpriced: [{ product: { id: 12 } }],
    } as unknown as CartByStore;
    expect(placedFromSplit(split)).toEqual([
      { productId: 10, storeId: 1, lineTotal: 300 },
      { productId: 11, storeId: 2, lineTotal: 450 },
      { productId: 12, storeId: null, lineTotal: null },
    ]);
  });

  it('come from the plan, by the listed product when it buys an alternative', () => {
    const plan = {
      stores: [
        {
          storeId: 1,
          subtotal: 700,
          items: [
            { productId: 20, quantity: 1, unitPrice: 300, lineTotal: 300 },
            { productId: 99, quantity: 1, unitPrice: 400, lineTotal: 400, substituteFor: 21 },
          ],
        },
      ],
      unpriced: [22],
    } as unknown as Plan;
    expect(placedFromPlan(plan)).toEqual([
      { productId: 20, storeId: 1, lineTotal: 300 },
      { productId: 21, storeId: 1, lineTotal: 400 },
      { productId: 22, storeId: null, lineTotal: null },
    ]);
  });
});
