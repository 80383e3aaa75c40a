// Issue 49 item 5, in store nothing on the list is hidden: the items the split (or the plan) put
// at other stores, or at none, with where each is cheaper and by how much than at this store.
import type { CartByStore } from './cart-split.js';
import type { Plan } from './plan-api.js';
import { cheaperNote } from './split-notes.js';

/** Where the split or plan put a listed product: a store and its line total, or none. */
export interface PlacedItem {
  productId: number;
  storeId: number | null;
  lineTotal: number | null;
}

export interface ElsewhereItem extends PlacedItem {
  /** The same line at this store, when it prices the product. */
  hereTotal: number | null;
  /** How much less it costs where it was placed; null unless it costs less there. */
  cheaperBy: number | null;
}

export function placedFromSplit(split: CartByStore): PlacedItem[] {
  return [
    ...split.groups.flatMap((group) =>
      group.lines.map((line) => ({
        productId: line.product.id,
        storeId: group.store.id,
        lineTotal: line.lineTotal,
      })),
    ),
    ...split.unpriced.map((line) => ({ productId: line.product.id, storeId: null, lineTotal: null })),
  ];
}

export function placedFromPlan(plan: Plan): PlacedItem[] {
  return [
    ...plan.stores.flatMap((store) =>
      store.items.map((item) => ({
        productId: item.substituteFor ?? item.productId,
        storeId: store.storeId,
        lineTotal: item.lineTotal,
      })),
    ),
    ...plan.unpriced.map((productId) => ({ productId, storeId: null, lineTotal: null })),
  ];
}

/** Everything not placed at `here`, in the order given. */
export function elsewhereItems(
  placed: readonly PlacedItem[],
  here: number,
  hereTotalOf: (productId: number) => number | null,
): ElsewhereItem[] {
  return placed
    .filter((item) => item.storeId !== here)
    .map((item) => {
      const hereTotal = hereTotalOf(item.productId);
      const saves = hereTotal !== null && item.lineTotal !== null ? hereTotal - item.lineTotal : 0;
      return { ...item, hereTotal, cheaperBy: saves > 0 ? saves : null };
    });
}

/** The line under the item's name: where it was placed, and what that saves. */
export function elsewhereNote(item: ElsewhereItem, storeName: (storeId: number) => string): string {
  if (item.storeId === null) return 'No price at your stores';
  const name = storeName(item.storeId);
  if (item.cheaperBy !== null) return cheaperNote(item.cheaperBy, name);
  if (item.hereTotal === null) return `Priced at ${name} only`;
  return `Planned for ${name}`;
}
