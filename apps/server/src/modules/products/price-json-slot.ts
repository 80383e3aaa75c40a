// A place on each price read from the database for its own JSON text (product-json.ts writes it
// once, on first use). The same price object is kept in the priced-pairs cache and shared by every
// answer that shows it; a slot on it is found as fast as any field, where a side table (a WeakMap
// of 180,000 prices) cost 5% of a search's CPU and weighed on every garbage collection. Not
// enumerable: the object stays the contract's Price to everything else (JSON, zod, test equality).
export const PRICE_JSON = Symbol('price json');

export type WithJsonSlot<T> = T & { [PRICE_JSON]?: string };

export function withJsonSlot<T extends object>(price: T): WithJsonSlot<T> {
  return Object.defineProperty(price, PRICE_JSON, { value: undefined, writable: true, enumerable: false });
}

/**
 * A shared list of a product's prices (price-cache.ts) has a box for its JSON text: the tail of
 * the product's JSON from bestPrice on. Boxes share a budget, so a worker keeps a bounded number
 * of characters of them; past it, a list's text is written each time, as before.
 */
export const LIST_JSON = Symbol('list json');

export interface ListJsonBox {
  json: string | undefined;
  budget: { charsLeft: number };
}

export type WithListJsonBox<T> = T & { readonly [LIST_JSON]?: ListJsonBox };

export function withListJsonBox<T extends object>(
  list: T,
  budget: { charsLeft: number },
): WithListJsonBox<T> {
  const box: ListJsonBox = { json: undefined, budget };
  return Object.defineProperty(list, LIST_JSON, { value: box, enumerable: false });
}
