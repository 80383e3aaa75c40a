// The shopping list split by store (spec section 4, "Cart"): each item goes to its cheapest
// store; if that store is excluded, to the cheapest included store that prices it; if none does,
// it stays under its cheapest (excluded) store and adds nothing to the totals. Items with no
// prices at all are skipped. Only included stores count toward the overall total.
// Issue 33: given `isStale`, a fresh price is preferred to a stale one at another store (the
// cheapest fresh included price; a stale one only where no included store has a fresh one), and
// each line says whether its price is stale (decision 0020).
// Issue 33 item 6: given `equivalentsOf`, an item in a household's group of the same product is
// bought as the group's cheapest member by unit price (equivalents.ts); its line names it.
import type { Price, Product, Store } from './api.js';
import { memberOrder } from './equivalents.js';

export interface CartLine {
  product: Product;
  quantity: number;
}

export interface StoreGroupLine extends CartLine {
  /** The unit (or per-kg) price at this group's store, in cents. */
  unitPrice: number;
  lineTotal: number;
  /** False when the line sits under an excluded store because no included store prices it. */
  counted: boolean;
  /** The price was last confirmed longer ago than the stale limit (freshness.ts). */
  stale: boolean;
  /** Set when the line buys another member of the household's group of the same product. */
  chosen?: Product;
}

export interface StoreGroup {
  store: Store;
  included: boolean;
  lines: StoreGroupLine[];
  total: number;
}

export interface CartByStore {
  groups: StoreGroup[];
  total: number;
  /** Items left out because no store prices them. */
  unpriced: CartLine[];
}

/** price x quantity in whole cents (weights make fractions of a cent). */
export const lineTotal = (unitPrice: number, quantity: number) => Math.round(unitPrice * quantity);

export function splitCartByStore(
  lines: CartLine[],
  stores: Store[],
  isIncluded: (storeId: number) => boolean,
  isStale: (price: Price) => boolean = () => false,
  equivalentsOf: (productId: number) => readonly Product[] = () => [],
): CartByStore {
  const groups = new Map<number, StoreGroup>(
    [...stores]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((store) => [store.id, { store, included: isIncluded(store.id), lines: [], total: 0 }]),
  );
  const unpriced: CartLine[] = [];

  for (const line of lines) {
    const members = [line.product, ...equivalentsOf(line.product.id).filter((p) => p.id !== line.product.id)];
    const all = members.flatMap((product) =>
      product.prices
        // A price shoppers reported wrong is no offer (issue 33 item 5).
        .filter((price) => groups.has(price.storeId) && !price.reported)
        .map((price) => ({ ...price, productId: product.id, product, stale: isStale(price) })),
    );
    // A product in no group keeps the split's order: by shelf price.
    const order =
      members.length > 1 ? memberOrder(all, line.product.id) : (a: Price, b: Price) => a.price - b.price;
    const offers = all.sort(
      (a, b) => Number(a.stale) - Number(b.stale) || order(a, b) || a.storeId - b.storeId,
    );
    const cheapest = offers[0];
    if (!cheapest) {
      unpriced.push(line);
      continue;
    }
    const chosen = offers.find((price) => isIncluded(price.storeId));
    const target = chosen ?? cheapest;
    const group = groups.get(target.storeId) as StoreGroup;
    const total = lineTotal(target.price, line.quantity);
    group.lines.push({
      ...line,
      unitPrice: target.price,
      lineTotal: total,
      counted: Boolean(chosen),
      stale: target.stale,
      ...(target.product === line.product ? {} : { chosen: target.product }),
    });
    if (chosen) group.total += total;
  }

  const all = [...groups.values()];
  return {
    groups: all,
    total: all.filter((group) => group.included).reduce((sum, group) => sum + group.total, 0),
    unpriced,
  };
}

/** The 'All' tab's total: from every item at its best price to every item at its highest. */
export function cartTotalRange(lines: CartLine[]): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const { product, quantity } of lines) {
    if (product.bestPrice === null || product.highestPrice === null) continue;
    low += lineTotal(product.bestPrice, quantity);
    high += lineTotal(product.highestPrice, quantity);
  }
  return { low, high };
}
