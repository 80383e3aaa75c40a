// 'By store': one group per store with its include checkbox, type icon, name and total; each item
// under its cheapest (included) store; the overall total counts included stores only.
import { type CartItem, formatMoney, openingHoursText } from '@kete/shared';
import { StoreTypeIcon } from '../../components/ui/chain-mark.js';
import { PlanByStore } from '../plan/plan-by-store.js';
import { PlanControl } from '../plan/plan-control.js';
import { StartShoppingLink } from '../plan/plan-store-group.js';
import { usePlan } from '../plan/use-plan.js';
import { SameProductNote } from '../products/same-product.js';
import { CartRow } from './cart-row.js';
import { CartTotal } from './cart-total.js';
import { CartUnpricedGroup } from './cart-unpriced-group.js';
import { StaleMoveNote } from './stale-move-note.js';
import type { Removal } from './use-cart-removal.js';
import { useCartSplit } from './use-cart-split.js';

export function CartByStoreTab({
  cart,
  leaving,
  onRemove,
}: {
  cart: CartItem[];
  leaving: ReadonlyMap<number, Removal>;
  onRemove(productId: number, how: Removal): void;
}) {
  // Issue 33: a fresh price is preferred to a stale one at another store (decision 0020).
  // Issue 33 item 6: an item in the household's group of the same product buys its cheapest member.
  // Issue 49: a line freshness moved says why, and may be kept where it was.
  const { split, setIncluded, keep } = useCartSplit(cart);
  const { groups, total, unpriced } = split;
  const storeName = (id: number) => groups.find((g) => g.store.id === id)?.store.name ?? 'Another store';
  // Issue 13: 'At most N stores' shows the server's plan instead of the cheapest-store split.
  const { settings, plan, isPending, refusal } = usePlan(cart);
  if (settings.maxStores > 0) {
    return (
      <>
        <PlanControl />
        <PlanByStore
          cart={cart}
          plan={plan}
          isPending={isPending}
          refusal={refusal}
          leaving={leaving}
          onRemove={onRemove}
        />
      </>
    );
  }
  return (
    <>
      <PlanControl />
      {/* A store with nothing on the list at it is no group ('$0.00' under an empty heading);
          a store left out keeps its heading, so it can be included again. */}
      {groups
        .filter((group) => group.lines.length > 0 || !group.included)
        .map(({ store, included, lines, total: groupTotal }) => (
          <section key={store.id} data-store-group={store.name} aria-label={store.name} className="mb-2">
            <label className="flex min-h-12 items-center gap-3 border-y border-stone-200 bg-stone-100 px-4">
              <input
                type="checkbox"
                checked={included}
                onChange={(e) => setIncluded(store.id, e.target.checked)}
                aria-label={`Include ${store.name}`}
                className="size-5 accent-flax-600"
              />
              <StoreTypeIcon type={store.type} size={16} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{store.name}</span>
                <StoreHours hours={openingHoursText(store.openingHours, new Date())} />
              </span>
              <span
                data-group-total
                className={`tabular font-bold ${included ? '' : 'text-stone-600 line-through'}`}
              >
                {formatMoney(groupTotal)}
              </span>
            </label>
            {included && lines.length > 0 && <StartShoppingLink storeId={store.id} storeName={store.name} />}
            <ul className="divide-y divide-stone-200">
              {lines.map((line) => (
                <li key={line.product.id}>
                  <CartRow
                    item={line}
                    muted={!line.counted}
                    price={<span className="tabular font-bold">{formatMoney(line.lineTotal)}</span>}
                    leaving={leaving.get(line.product.id)}
                    onRemove={(how) => onRemove(line.product.id, how)}
                    atStoreId={store.id}
                    boughtAs={line.chosen}
                  />
                  {line.chosen && <SameProductNote product={line.chosen} />}
                  <StaleMoveNote
                    line={line}
                    storeName={storeName}
                    onKeep={(storeId) => keep(line.product.id, storeId)}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      <CartUnpricedGroup lines={unpriced} leaving={leaving} onRemove={onRemove} />
      <CartTotal label="Total">{formatMoney(total)}</CartTotal>
    </>
  );
}

/** "Open until 9 pm" under the store's name, where the chain publishes its hours (issue 11). */
function StoreHours({ hours }: { hours: string | null }) {
  if (!hours) return null;
  return (
    <span data-store-hours className="block text-xs text-stone-600">
      {hours}
    </span>
  );
}
