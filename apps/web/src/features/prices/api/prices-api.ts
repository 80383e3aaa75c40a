// Prices over time calls (docs/decisions/0008): a product's history, the favourites whose price
// dropped, and the member's price-alert setting. History and drops are extras around the screen
// that asked for them: a failure shows in place (`handles`) instead of taking over the page.
import type { Member, PriceDrops, ProductHistory } from '@kete/shared';
import { api } from '../../../lib/api-client.js';
import { workspacePath } from '../../products/api/workspace-path.js';

const inPlace = { loading: false, handles: [404, 429] } as const;

export const productHistoryQuery = (productId: number, days: number) => ({
  queryKey: ['product-history', productId, days] as const,
  queryFn: () =>
    api.request<ProductHistory>(workspacePath(`/products/${productId}/history?days=${days}`), inPlace),
  staleTime: 5 * 60_000,
});

export const priceDropsQuery = () => ({
  queryKey: ['price-drops', workspacePath('')] as const,
  queryFn: () => api.request<PriceDrops>(workspacePath('/price-drops'), inPlace),
  staleTime: 5 * 60_000,
});

/** The switch says itself when saving failed, so no error page for a refusal. */
export const updatePriceAlerts = (priceAlerts: boolean) =>
  api.request<Member>('/api/me', {
    method: 'PUT',
    body: { priceAlerts },
    loading: false,
    handles: [400, 404, 429, 500, 502, 503],
  });
