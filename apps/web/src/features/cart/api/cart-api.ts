// The shared shopping list's calls, and the query that holds it.
import type { CartItem, TextItem, TextItemUpdate, Tick } from '@kete/shared';
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

/* Free-text items (issue 49 item 2): on the list with no product, a plain count. */

/** Under the cart's key, so whatever refreshes the shopping list refreshes these too. */
export const textItemsQueryKey = ['cart', 'text-items'] as const;

export const textItemsQuery = {
  queryKey: textItemsQueryKey,
  queryFn: () => api.request<TextItem[]>(workspacePath('/cart/text-items')),
  staleTime: 0,
};

export const addTextItem = (text: string, quantity?: number) =>
  api.post<TextItem>(workspacePath('/cart'), quantity === undefined ? { text } : { text, quantity });

export const updateTextItem = (id: number, change: TextItemUpdate) =>
  api.request<TextItem>(workspacePath(`/cart/text-items/${id}`), { method: 'PATCH', body: change });

export const removeTextItem = (id: number) =>
  api.request<void>(workspacePath(`/cart/text-items/${id}`), { method: 'DELETE' });

/** 'Choose a product': the written item becomes this product on the list. */
export const chooseProductFor = (id: number, productId: number) =>
  api.post<CartItem>(workspacePath(`/cart/text-items/${id}/product`), { productId });
