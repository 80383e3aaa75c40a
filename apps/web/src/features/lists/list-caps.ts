// The caps on named lists, checked against what is on hand before asking the server: a list's
// products (when its drawer has loaded them and no other phone has changed them since).
import { capState, type Product } from '@kete/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CapReached } from '../caps/show-refusal.js';
import { listProductsKey } from './api/lists-api.js';

/** Throws CapReached when the list's loaded products are full and `productId` is not among them. */
export function assertListRoom(queryClient: QueryClient, listId: number, productId: number): void {
  const state = queryClient.getQueryState<Product[]>(listProductsKey(listId));
  const products = state?.isInvalidated ? undefined : state?.data;
  if (!products || !capState(products.length, 'listItems').atCap) return;
  if (!products.some((product) => product.id === productId)) throw new CapReached('listItems');
}
