// What confirming the store modal changes: which stores to add and remove on the server, and the
// workspace data afterwards (its stores by name, and a specials card per remaining store).
import { compareByName, type InitialData, type Specials } from '@kete/shared';

export interface SelectionChanges {
  added: number[];
  removed: number[];
}

export function selectionChanges(before: Iterable<number>, after: Iterable<number>): SelectionChanges {
  const was = new Set(before);
  const now = new Set(after);
  return {
    added: [...now].filter((id) => !was.has(id)),
    removed: [...was].filter((id) => !now.has(id)),
  };
}

/** The workspace data with `selectedIds` as its stores; `newCards` are the added stores' specials. */
export function withSelectedStores(
  data: InitialData,
  selectedIds: ReadonlySet<number>,
  newCards: readonly Specials[],
): InitialData {
  const workspace = data.stores.all.filter((store) => selectedIds.has(store.id)).sort(compareByName);
  const kept = data.specials.filter((card) => selectedIds.has(card.store.id));
  const fresh = newCards.filter((card) => !kept.some((k) => k.store.id === card.store.id));
  return { ...data, stores: { ...data.stores, workspace }, specials: [...kept, ...fresh] };
}
