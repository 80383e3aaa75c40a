// The shared shopping list's calls, and the query that holds it.
import type { CartItem, Tick } from '@kete/shared';
import { api } from '../../../lib/api-client.js';
import { workspacePath } from '../../products/api/workspace-path.js';

export const cartQueryKey = ['cart'] as const;

export const cartQuery = {
  queryKey: cartQueryKey,
  queryFn: () => api.request<CartItem[]>(workspacePath('/cart')),
  // Another phone may have changed the shared list: always refetch when the page opens.
  staleTime: 0,
};

/** Adds to the quantity already on the list (the server sums atomically). */
export const addToCart = (productId: number, quantity: number) =>
  api.post<CartItem>(workspacePath('/cart'), { productId, quantity });

/** Sets the quantity. */
export const updateCartItem = (productId: number, quantity: number) =>
  api.request<CartItem>(workspacePath('/cart'), { method: 'PUT', body: { productId, quantity } });

/** Takes it off the list; a tick in in-store mode says where and when (issue 35's aisle order). */
export const removeCartItem = (productId: number, tick?: Tick) =>
  api.request<void>(workspacePath(`/cart/${productId}`), {
    method: 'DELETE',
    ...(tick ? { body: { tick } } : {}),
  });
