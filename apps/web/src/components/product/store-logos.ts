// Which chains' logos a default-mode product row shows: the chains of the stores that price it,
// cheapest first, each chain once (a workspace may have several stores of one chain).
import type { Price, Store, StoreType } from '@kete/shared';

export function chainsByPrice(prices: Price[], stores: Store[]): StoreType[] {
  const typeOf = new Map(stores.map((store) => [store.id, store.type]));
  const chains: StoreType[] = [];
  for (const price of [...prices].sort((a, b) => a.price - b.price || a.storeId - b.storeId)) {
    const type = typeOf.get(price.storeId);
    if (type !== undefined && !chains.includes(type)) chains.push(type);
  }
  return chains;
}
