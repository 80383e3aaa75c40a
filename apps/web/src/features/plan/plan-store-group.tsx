// One store of the plan: its header (type icon, name, distance, subtotal), 'Start shopping here',
// and its items; an 'Any brand' item bought as an alternative says which, with a veto. Issue 49:
// at a store past the trip's first, each line says what buying it there saves.
import { type CartItem, cheaperNote, formatMoney, type PlanStore, type Store } from '@kete/shared';
import { PiggyBank, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { StoreTypeIcon } from '../../components/ui/chain-mark.js';
import { CartRow } from '../cart/cart-row.js';
import type { Removal } from '../cart/use-cart-removal.js';
import { SameProductNoteById } from '../products/same-product.js';
import { formatDistance } from '../stores/geo.js';
import { SubstituteNote } from './substitute-note.js';

export function StartShoppingLink({ storeId, storeName }: { storeId: number; storeName: string }) {
  return (
    <Link
      to={`/w/shop/${storeId}`}
      aria-label={`Start shopping here: ${storeName}`}
      className="flex min-h-11 items-center justify-end gap-2 px-4 text-sm font-semibold text-flax-700 hover:bg-flax-50"
    >
      <ShoppingCart aria-hidden="true" className="size-4" />
      Start shopping here
    </Link>
  );
}

export function PlanStoreGroup({
  planStore,
  store,
  cart,
  leaving,
  onRemove,
  movedHere = false,
}: {
  planStore: PlanStore;
  store: Store;
  cart: CartItem[];
  /** A store past the trip's first: its lines were moved here to save, and say how much. */
  movedHere?: boolean;
  leaving: ReadonlyMap<number, Removal>;
  onRemove(productId: number, how: Removal): void;
}) {
  const byId = new Map(cart.map((item) => [item.product.id, item]));
  return (
    <section data-store-group={store.name} aria-label={store.name} className="mb-2">
      <header className="flex min-h-12 items-center gap-3 border-y border-stone-200 bg-stone-100 px-4">
        <StoreTypeIcon type={store.type} size={16} />
        <span className="min-w-0 flex-1 truncate font-semibold">{store.name}</span>
        {planStore.distanceKm !== undefined && (
          <span data-distance className="text-sm whitespace-nowrap text-stone-600">
            {formatDistance(planStore.distanceKm)}
          </span>
        )}
        <span data-group-total className="tabular font-bold">
          {formatMoney(planStore.subtotal)}
        </span>
      </header>
      <StartShoppingLink storeId={store.id} storeName={store.name} />
      <ul className="divide-y divide-stone-200 border-t border-stone-200">
        {planStore.items.map((line) => {
          const listedId = line.substituteFor ?? line.productId;
          const item = byId.get(listedId);
          if (!item) return null;
          return (
            <li key={listedId}>
              <CartRow
                item={item}
                price={<span className="tabular font-bold">{formatMoney(line.lineTotal)}</span>}
                leaving={leaving.get(listedId)}
                onRemove={(how) => onRemove(listedId, how)}
                atStoreId={line.substituteFor === undefined ? store.id : undefined}
                seenAt={line.substituteFor === undefined ? line.seenAt : undefined}
              />
              {line.substituteFor !== undefined &&
                (line.sameProduct ? (
                  <SameProductNoteById productId={line.productId} />
                ) : (
                  <SubstituteNote item={item} alternativeId={line.productId} storeId={store.id} />
                ))}
              {movedHere && line.cheaperBy !== undefined && line.cheaperBy > 0 && (
                <p
                  data-move-saving={listedId}
                  className="flex items-center gap-2 bg-warm-100 py-1 pr-2 pl-14 text-sm font-semibold text-warm-800"
                >
                  <PiggyBank aria-hidden="true" className="size-4 shrink-0" />
                  {cheaperNote(line.cheaperBy, store.name)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
