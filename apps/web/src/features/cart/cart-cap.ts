// The shopping list's cap, checked against the list on hand before asking the server: a product
// already on it can always be added again (its quantity grows); a new one needs a free line. A
// list another phone changed since (invalidated, not yet fetched again) is left to the server.
import { type CartItem, capState } from '@kete/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CapReached } from '../caps/show-refusal.js';
import { cartQueryKey } from './api/cart-api.js';

/** Throws CapReached when the loaded shopping list is full and `productId` is not on it. */
export function assertCartRoom(queryClient: QueryClient, productId: number): void {
  const state = queryClient.getQueryState<CartItem[]>(cartQueryKey);
  const cart = state?.isInvalidated ? undefined : state?.data;
  if (!cart || !capState(cart.length, 'cartItems').atCap) return;
  if (!cart.some((item) => item.product.id === productId)) throw new CapReached('cartItems');
}
