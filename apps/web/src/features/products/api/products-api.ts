// Catalogue and favourite calls over the one API client.
import type { Price, Product } from '@kete/shared';
import { api } from '../../../lib/api-client.js';
import { workspacePath } from './workspace-path.js';

/** Search gives up after this long on a weak signal, rather than spinning for minutes. */
export const SEARCH_TIMEOUT_MS = 20_000;

/** `sort` 'unitPrice' puts the cheapest comparable unit price first (issue 12); default relevance. */
export const searchProducts = (text: string, sort: 'relevance' | 'unitPrice' = 'relevance') =>
  api.post<Product[]>(workspacePath('/products/search'), sort === 'relevance' ? { text } : { text, sort }, {
    // A failed search shows in place with the text kept (issue 9), never a page or a blank screen.
    inline: true,
    timeoutMs: SEARCH_TIMEOUT_MS,
  });

export const productPrices = (productId: number) =>
  api.request<Price[]>(workspacePath(`/products/${productId}/prices`));

export const productPricesQuery = (productId: number) => ({
  queryKey: ['product-prices', productId] as const,
  queryFn: () => productPrices(productId),
});

/** The product with its detail (its latest pack size change, issue 33 item 7). */
export const productDetailQuery = (productId: number) => ({
  queryKey: ['product-detail', productId] as const,
  queryFn: () =>
    api.request<Product>(workspacePath(`/products/${productId}`), { loading: false, inline: true }),
});

export const addFavourite = (productId: number) =>
  api.post<{ id: number }>(workspacePath(`/favourites/${productId}`), undefined, { loading: false });

export const removeFavourite = (productId: number) =>
  api.request<void>(workspacePath(`/favourites/${productId}`), { method: 'DELETE', loading: false });
