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
