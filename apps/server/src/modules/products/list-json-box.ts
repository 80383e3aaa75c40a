// A place on each shared list of a product's prices (price-cache.ts) for its JSON, as UTF-8 bytes
// (product-json.ts writes it once, on first use). A slot on the list is found as fast as any field,
// where a side table (a WeakMap) cost 5% of a search's CPU when the price JSON was kept that way.
// Not enumerable: the list stays a plain array of the contract's Prices to everything else.
/**
 * A shared list of a product's prices (price-cache.ts), one product's at one set of stores, has a
 * box for that product's whole JSON there. Boxes share a budget, so a worker keeps a bounded
 * number of bytes of them; past it, a product's JSON is written each time, as before.
 */
export const LIST_JSON = Symbol('list json');

export interface ListJsonBox {
  /** The product's JSON as UTF-8 bytes, once written (product-json.ts). */
  json: Buffer | undefined;
  budget: { bytesLeft: number };
}

export type WithListJsonBox<T> = T & { readonly [LIST_JSON]?: ListJsonBox };

export function withListJsonBox<T extends object>(
  list: T,
  budget: { bytesLeft: number },
): WithListJsonBox<T> {
  const box: ListJsonBox = { json: undefined, budget };
  return Object.defineProperty(list, LIST_JSON, { value: box, enumerable: false });
}
