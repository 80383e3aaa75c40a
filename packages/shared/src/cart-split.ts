// The shopping list split by store (spec section 4, "Cart"): each item goes to its cheapest
// store; if that store is excluded, to the cheapest included store that prices it; if none does,
// it stays under its cheapest (excluded) store and adds nothing to the totals. Items with no
// prices at all are skipped. Only included stores count toward the overall total.
// Issue 33: given `isStale`, a fresh price is preferred to a stale one at another store (the
// cheapest fresh included price; a stale one only where no included store has a fresh one), and
// each line says whether its price is stale (decision 0020).
// Issue 33 item 6: given `equivalentsOf`, an item in a household's group of the same product is
// bought as the group's cheapest member by unit price (equivalents.ts); its line names it.
// Issue 49 item 6: a line moved off a cheaper included price because that price is stale names it
// (movedFromStale), and given `keptAt`, the household may keep an item at a store it chose (an
// included one that prices it), stale or not.
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
  /** Issue 49: a cheaper included price this line was moved off because it is stale. */
  movedFromStale?: { storeId: number; lineTotal: number; seenAt: number };
  /** Issue 49: the household keeps the item at this store (keptAt), whatever its price's age. */
  kept?: true;
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
  keptAt: (productId: number) => number | undefined = () => undefined,
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
    const keepAt = keptAt(line.product.id);
    const kept =
      keepAt !== undefined && isIncluded(keepAt) ? offers.find((o) => o.storeId === keepAt) : undefined;
    const chosen = kept ?? offers.find((price) => isIncluded(price.storeId));
    const target = chosen ?? cheapest;
    // Freshness decided when the cheapest included price, age aside, is a stale one passed over.
    const cheapestIncluded = offers
      .filter((o) => isIncluded(o.storeId))
      .sort((a, b) => order(a, b) || a.storeId - b.storeId)[0];
    const passedOver =
      !kept && chosen && cheapestIncluded && cheapestIncluded !== chosen && cheapestIncluded.stale
        ? cheapestIncluded
        : undefined;
    const group = groups.get(target.storeId) as StoreGroup;
    const total = lineTotal(target.price, line.quantity);
    group.lines.push({
      ...line,
      unitPrice: target.price,
      lineTotal: total,
      counted: Boolean(chosen),
      stale: target.stale,
      ...(target.product === line.product ? {} : { chosen: target.product }),
      ...(kept ? { kept: true as const } : {}),
      ...(passedOver
        ? {
            movedFromStale: {
              storeId: passedOver.storeId,
              lineTotal: lineTotal(passedOver.price, line.quantity),
              seenAt: passedOver.seenAt ?? 0,
            },
          }
        : {}),
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

/**
 * The 'All' tab's total: from every item at its best price to every item at its highest. Given
 * the total of the household's current choice ('By store' or the plan), the range starts there
 * instead (issue 49: a stale best price made 'All' promise less than 'By store' could buy for).
 */
export function cartTotalRange(lines: CartLine[], chosenTotal?: number): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const { product, quantity } of lines) {
    if (product.bestPrice === null || product.highestPrice === null) continue;
    low += lineTotal(product.bestPrice, quantity);
    high += lineTotal(product.highestPrice, quantity);
  }
  if (chosenTotal === undefined) return { low, high };
  return { low: chosenTotal, high: Math.max(high, chosenTotal) };
}
