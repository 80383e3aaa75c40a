// A place on each shared list of a product's prices (price-cache.ts) for its JSON text
// (product-json.ts writes it once, on first use). A slot on the list is found as fast as any field,
// where a side table (a WeakMap) cost 5% of a search's CPU when the price JSON was kept that way.
// Not enumerable: the list stays a plain array of the contract's Prices to everything else.
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
