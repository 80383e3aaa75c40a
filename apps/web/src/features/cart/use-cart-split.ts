// The 'By store' split as every view of the list works it out (issue 49: the tab, the 'All'
// total and the in-store screen once each passed different inputs and disagreed): the workspace's
// stores, the ones left out, fresh prices first, the household's same products, and the items it
// keeps at a store the split passed over.
import { type CartItem, isStale, splitCartByStore } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { usePlanSettings } from '../plan/plan-settings.js';
import { useStaleDays } from '../prices/freshness.js';
import { useEquivalentProducts } from '../products/api/equivalents-api.js';
import { useStoreInclusion } from './cart-settings.js';

export function useCartSplit(cart: readonly CartItem[]) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const { isIncluded, setIncluded } = useStoreInclusion();
  const staleDays = useStaleDays();
  const equivalentsOf = useEquivalentProducts(cart.map((item) => item.product.id));
  const keptAt = usePlanSettings((s) => s.keptAt);
  const update = usePlanSettings((s) => s.update);
  const split = splitCartByStore(
    [...cart],
    stores,
    isIncluded,
    (p) => isStale(p, Date.now(), staleDays),
    equivalentsOf,
    (productId) => keptAt[productId],
  );
  /** Keeps an item at a store (null: lets the split choose again). */
  const keep = (productId: number, storeId: number | null) => {
    const { [productId]: _was, ...rest } = keptAt;
    update({ keptAt: storeId === null ? rest : { ...rest, [productId]: storeId } });
  };
  return { split, isIncluded, setIncluded, keep };
}
