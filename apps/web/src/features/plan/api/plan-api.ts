// The plan and alternatives calls (issue 13; contract in @kete/shared plan-api.ts).
import type { CartItem, ClubCard, Plan, PlanRequest, Product } from '@kete/shared';
import { api } from '../../../lib/api-client.js';
import { workspacePath } from '../../products/api/workspace-path.js';

/** A plan refused for now (429: too many plans, or the household's last one still being worked out). */
export const PLAN_BUSY_STATUS = 429;

// A busy refusal is the plan's to show in place (plan-by-store.tsx), never an error page.
export const fetchPlan = (request: PlanRequest) =>
  api.post<Plan>(workspacePath('/cart/plan'), request, { loading: false, handles: [PLAN_BUSY_STATUS] });

/**
 * The plan for the shopping list as it is now: the key carries what the answer depends on (the
 * items, their quantities and brand settings), so any change to the list asks again.
 */
export function planQuery(
  cart: CartItem[],
  settings: { maxStores: number; clubCards: ClubCard[]; minSaving: number },
  origin: { latitude: number; longitude: number } | null,
) {
  const request: PlanRequest = {
    ...(settings.maxStores > 0 ? { maxStores: settings.maxStores } : {}),
    ...(settings.clubCards.length > 0 ? { clubCards: settings.clubCards } : {}),
    ...(origin ? { origin } : {}),
    // Issue 49: an extra store only when it saves at least the household's threshold.
    minSaving: settings.minSaving,
  };
  const listKey = cart.map(
    (item) =>
      `${item.product.id}:${item.quantity}:${item.anyBrand ? 1 : 0}:${item.excludedAlternatives?.join('.') ?? ''}`,
  );
  return {
    queryKey: ['cart-plan', request, listKey] as const,
    queryFn: () => fetchPlan(request),
    staleTime: 30_000,
  };
}

export const alternativesQuery = (productId: number) => ({
  queryKey: ['alternatives', productId] as const,
  queryFn: () => api.request<Product[]>(workspacePath(`/products/${productId}/alternatives`)),
  staleTime: 300_000,
});

/** Changes an item's 'Any brand' flag or its vetoed alternatives, leaving the quantity as it is. */
export const updateCartItemBrand = (
  productId: number,
  change: { anyBrand?: boolean; excludedAlternatives?: number[] },
) => api.request<CartItem>(workspacePath('/cart'), { method: 'PUT', body: { productId, ...change } });
