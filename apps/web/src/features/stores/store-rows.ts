// Which stores the selection step lists, in what order (spec section 4): search by name ignoring
// case, the 'Near me' tab by distance, and the selected stores first. "Selected" is the selection
// as it was when the step opened, so rows do not jump about under the shopper's thumb.
import { compareByName, type Store } from '@kete/shared';
import { type Coordinates, storesNear } from './geo.js';

export type StoreTab = 'all' | 'near';

export interface StoreRow {
  store: Store;
  /** Kilometres from the shopper, in the 'Near me' tab only. */
  distanceKm: number | null;
}

export interface StoreRowsInput {
  stores: readonly Store[];
  pinnedIds: ReadonlySet<number>;
  text: string;
  tab: StoreTab;
  here: Coordinates | null;
}

export const matchesName = (store: Store, text: string) =>
  store.name.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());

export function storeRows({ stores, pinnedIds, text, tab, here }: StoreRowsInput): StoreRow[] {
  const candidates: StoreRow[] =
    tab === 'near' && here
      ? storesNear(stores, here)
      : [...stores].sort(compareByName).map((store) => ({ store, distanceKm: null }));
  const matching = text.trim() ? candidates.filter((row) => matchesName(row.store, text)) : candidates;
  const pinned = matching.filter((row) => pinnedIds.has(row.store.id));
  const rest = matching.filter((row) => !pinnedIds.has(row.store.id));
  return [...pinned, ...rest];
}

/** The spec's two empty messages: one when a search found nothing, one otherwise. */
export const emptyMessage = (text: string) =>
  text.trim() ? 'No stores found. Try a new search.' : 'No stores found.';
