// What the shopping list sends to one store: the plan's lines for it under 'At most N stores',
// otherwise the spec's split (each item at its cheapest included store). Undefined while loading.
import { type CartItem, isStale, type Product, splitCartByStore } from '@kete/shared';
import { useQueries } from '@tanstack/react-query';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useStoreInclusion } from '../cart/cart-settings.js';
import { alternativesQuery } from '../plan/api/plan-api.js';
import { usePlan } from '../plan/use-plan.js';
import { useStaleDays } from '../prices/freshness.js';
import type { TripLine } from './trip-logic.js';

const lineOf = (product: Product, listedId: number, quantity: number, lineTotal: number): TripLine => ({
  productId: product.id,
  listedId,
  name: product.name,
  brand: product.brand,
  displayUnits: product.displayUnits,
  imageUrl: product.imageUrl,
  saleType: product.saleType,
  quantity,
  lineTotal,
});

export function usePlannedLines(storeId: number, cart: CartItem[] | undefined) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const { isIncluded } = useStoreInclusion();
  const staleDays = useStaleDays();
  const { settings, plan, isPending } = usePlan(cart);
  const planStore = plan?.stores.find((s) => s.storeId === storeId);
  const substituted = planStore?.items.filter((item) => item.substituteFor !== undefined) ?? [];
  const alternatives = useQueries({
    queries: substituted.map((item) => alternativesQuery(item.substituteFor as number)),
  });

  let lines: TripLine[] | undefined;
  let subtotal: number | undefined;
  if (!cart || !settings.loaded) lines = undefined;
  else if (settings.maxStores === 0) {
    // The same split as the list's tab: fresh prices first (issue 33).
    const stale = (p: Product['prices'][number]) => isStale(p, Date.now(), staleDays);
    const group = splitCartByStore(cart, stores, isIncluded, stale).groups.find(
      (g) => g.store.id === storeId,
    );
    const counted = group?.lines.filter((line) => line.counted) ?? [];
    lines = counted.map((line) => lineOf(line.product, line.product.id, line.quantity, line.lineTotal));
    subtotal = group?.total ?? 0;
  } else if (cart.length === 0) {
    lines = [];
  } else if (!isPending && plan && alternatives.every((q) => !q.isPending)) {
    const byId = new Map(cart.map((item) => [item.product.id, item.product]));
    const found = new Map(alternatives.flatMap((q) => q.data ?? []).map((p) => [p.id, p]));
    lines = (planStore?.items ?? []).flatMap((item) => {
      const listedId = item.substituteFor ?? item.productId;
      const product = item.substituteFor === undefined ? byId.get(item.productId) : found.get(item.productId);
      return product ? [lineOf(product, listedId, item.quantity, item.lineTotal)] : [];
    });
    subtotal = planStore?.subtotal ?? 0;
  }
  return { lines, subtotal };
}
