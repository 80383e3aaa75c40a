// Search sorted by unit price (issue 12): cheapest comparable unit price at the workspace's
// stores first. Products without one keep their relevance order after those with one.
import type { Price, SearchRequest } from '@kete/shared';

export type SearchSort = NonNullable<SearchRequest['sort']>;

const cheapestUnit = (product: { prices: Price[] }): number => {
  let best = Number.POSITIVE_INFINITY;
  for (const p of product.prices) if (p.unitPrice != null && p.unitPrice < best) best = p.unitPrice;
  return best;
};

/** A stable sort: equal unit prices (and products with none) stay in relevance order. */
export function byUnitPrice<T extends { prices: Price[] }>(products: T[]): T[] {
  return products
    .map((product, rank) => ({ product, rank, unit: cheapestUnit(product) }))
    .sort((a, b) => (a.unit === b.unit ? a.rank - b.rank : a.unit < b.unit ? -1 : 1))
    .map((entry) => entry.product);
}
