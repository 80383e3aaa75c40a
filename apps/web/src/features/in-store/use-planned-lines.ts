// What the shopping list sends to one store: the plan's lines for it under 'At most N stores',
// otherwise the spec's split (each item at its cheapest included store, as the list's tab works it
// out). Issue 49: and everything else on the list, with where it is cheaper and by how much, so
// nothing is hidden in store. Undefined while loading.
import {
  type CartItem,
  type ElsewhereItem,
  elsewhereItems,
  lineTotal,
  type Product,
  placedFromPlan,
  placedFromSplit,
} from '@kete/shared';
import { useQueries } from '@tanstack/react-query';
import { useCartSplit } from '../cart/use-cart-split.js';
import { alternativesQuery } from '../plan/api/plan-api.js';
import { usePlan } from '../plan/use-plan.js';
import type { TripLine } from './trip-logic.js';

export const tripLineOf = (
  product: Product,
  listedId: number,
  quantity: number,
  lineTotal: number,
): TripLine => ({
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

/** An item planned elsewhere, with the cart item it stands for. */
export type ElsewhereLine = ElsewhereItem & { item: CartItem };

export function usePlannedLines(storeId: number, cart: CartItem[] | undefined) {
  const { split } = useCartSplit(cart ?? []);
  const { settings, plan, isPending } = usePlan(cart);
  const planStore = plan?.stores.find((s) => s.storeId === storeId);
  const substituted = planStore?.items.filter((item) => item.substituteFor !== undefined) ?? [];
  const alternatives = useQueries({
    queries: substituted.map((item) => alternativesQuery(item.substituteFor as number)),
  });

  let lines: TripLine[] | undefined;
  let subtotal: number | undefined;
  let elsewhere: ElsewhereLine[] = [];
  const byId = new Map((cart ?? []).map((item) => [item.product.id, item]));
  const elsewhereOf = (placed: ReturnType<typeof placedFromSplit>) =>
    elsewhereItems(placed, storeId, (productId) => {
      const item = byId.get(productId);
      const here = item?.product.prices.find((p) => p.storeId === storeId && !p.reported);
      return item && here ? lineTotal(here.price, item.quantity) : null;
    }).flatMap((found) => {
      const item = byId.get(found.productId);
      return item ? [{ ...found, item }] : [];
    });

  if (!cart || !settings.loaded) lines = undefined;
  else if (settings.maxStores === 0) {
    const group = split.groups.find((g) => g.store.id === storeId);
    const counted = group?.lines.filter((line) => line.counted) ?? [];
    lines = counted.map((line) => tripLineOf(line.product, line.product.id, line.quantity, line.lineTotal));
    subtotal = group?.total ?? 0;
    elsewhere = elsewhereOf(placedFromSplit(split));
  } else if (cart.length === 0) {
    lines = [];
  } else if (!isPending && plan && alternatives.every((q) => !q.isPending)) {
    const found = new Map(alternatives.flatMap((q) => q.data ?? []).map((p) => [p.id, p]));
    lines = (planStore?.items ?? []).flatMap((item) => {
      const listedId = item.substituteFor ?? item.productId;
      const product =
        item.substituteFor === undefined ? byId.get(item.productId)?.product : found.get(item.productId);
      return product ? [tripLineOf(product, listedId, item.quantity, item.lineTotal)] : [];
    });
    subtotal = planStore?.subtotal ?? 0;
    elsewhere = elsewhereOf(placedFromPlan(plan));
  }
  return { lines, subtotal, elsewhere };
}
