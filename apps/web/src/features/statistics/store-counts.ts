// Each workspace store with its count from the statistics answer, 0 when the answer lacks it.
import { compareByName, type Store } from '@kete/shared';

export interface StoreCount {
  store: Store;
  count: number;
}

export function countsByStore(
  stores: readonly Store[],
  entries: readonly { storeId: number; count: number }[],
): StoreCount[] {
  const counts = new Map(entries.map((e) => [e.storeId, e.count]));
  return [...stores].sort(compareByName).map((store) => ({ store, count: counts.get(store.id) ?? 0 }));
}
