// 'By store' under a plan of at most N stores (issue 13): the plan's stores with their items, what
// no chosen store prices, the total and the saving against the cheapest single store.
import { type CartItem, formatMoney, type Plan, type Store } from '@kete/shared';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CartRow } from '../cart/cart-row.js';
import { CartTotal } from '../cart/cart-total.js';
import type { Removal } from '../cart/use-cart-removal.js';
import { PlanStoreGroup } from './plan-store-group.js';
import { PlanSummary } from './plan-summary.js';

export function PlanByStore({
  cart,
  plan,
  isPending,
  refusal,
  leaving,
  onRemove,
}: {
  cart: CartItem[];
  plan: Plan | undefined;
  isPending: boolean;
  /** The server's reason for not planning just now (too many plans asked for). */
  refusal: string | null;
  leaving: ReadonlyMap<number, Removal>;
  onRemove(productId: number, how: Removal): void;
}) {
  const stores = useWorkspaceStore((s) => s.data?.stores.all ?? []);
  const storeOf = (id: number) => stores.find((store) => store.id === id);
  if (refusal && !plan)
    return (
      <p role="status" className="px-4 py-6 text-center text-stone-700">
        {refusal}
      </p>
    );
  if (isPending || !plan) return <DelayedSpinner label="Planning the trip" />;
  const unpriced = cart.filter((item) => plan.unpriced.includes(item.product.id));
  return (
    <div data-plan>
      <PlanSummary plan={plan} storeName={(id) => storeOf(id)?.name ?? 'One store'} />
      {plan.stores.map((planStore, index) => {
        const store = storeOf(planStore.storeId);
        return store ? (
          <PlanStoreGroup
            key={store.id}
            movedHere={index > 0}
            planStore={planStore}
            store={store as Store}
            cart={cart}
            leaving={leaving}
            onRemove={onRemove}
          />
        ) : null;
      })}
      {unpriced.length > 0 && (
        <section aria-label="Not priced at these stores" className="mb-2">
          <h2 className="flex min-h-12 items-center border-y border-stone-200 bg-stone-100 px-4 font-semibold">
            Not priced at these stores
          </h2>
          <ul className="divide-y divide-stone-200">
            {unpriced.map((item) => (
              <li key={item.product.id}>
                <CartRow
                  item={item}
                  muted
                  price={<span className="text-sm text-stone-600">No price</span>}
                  leaving={leaving.get(item.product.id)}
                  onRemove={(how) => onRemove(item.product.id, how)}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <CartTotal
        label="Total"
        note={plan.stores.length > 1 && plan.saving > 0 ? `Saves ${formatMoney(plan.saving)}` : undefined}
      >
        {formatMoney(plan.total)}
      </CartTotal>
    </div>
  );
}
