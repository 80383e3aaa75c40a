// The per-store price list of the product drawers: cheapest first, a dot on the best price, the
// base price under a discounted price, each store with its chain's mark.
import { formatMoney, type Price, type Product, type Store, seenSinceText } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CheckedAgo } from '../prices/freshness.js';
import { UnitPrice } from '../prices/price-extras.js';
import { ReportedMarker, ReportProblem } from '../prices/report-problem.js';
import { unitPriceText } from '../prices/unit-price.js';
import { PriceVerdict } from '../prices/verdict-badge.js';
import { productPricesQuery } from './api/products-api.js';

export interface StorePriceLine {
  price: Price;
  store: Store;
  best: boolean;
  discounted: boolean;
}

/** Prices at known stores, cheapest first; every line at the lowest price is "best". */
export function storePriceLines(prices: Price[], stores: Store[]): StorePriceLine[] {
  const byId = new Map(stores.map((store) => [store.id, store]));
  const known = prices.filter((price) => byId.has(price.storeId)).sort((a, b) => a.price - b.price);
  // A price shoppers reported wrong is not called the best (issue 33 item 5).
  const lowest = (known.find((price) => !price.reported) ?? known[0])?.price;
  return known.map((price) => ({
    price,
    store: byId.get(price.storeId) as Store,
    best: price.price === lowest && !(price.reported && known.some((other) => !other.reported)),
    discounted: price.price < price.basePrice,
  }));
}

export function StorePriceList({ product }: { product: Product }) {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  // The row's prices show at once; the drawer's own call brings them up to date.
  const { data: prices = product.prices } = useQuery({
    ...productPricesQuery(product.id),
    placeholderData: product.prices,
  });
  const lines = storePriceLines(prices, stores);
  if (lines.length === 0)
    return <p className="py-4 text-stone-600">None of your stores has a price for this.</p>;
  return (
    <section aria-label="Prices by store">
      <h3 className="mb-1 text-sm font-semibold text-stone-600 uppercase">Prices</h3>
      <ul className="divide-y divide-stone-200 border-y border-stone-200">
        {lines.map(({ price, store, best, discounted }) => (
          <li key={store.id} data-store-price={store.name} className="flex min-h-14 items-center gap-3 py-2">
            <StoreLogo type={store.type} size={24} />
            <span className="flex min-w-0 flex-1 flex-col items-start gap-1">
              <span className="max-w-full truncate">{store.name}</span>
              <CheckedAgo price={price} />
              <ReportedMarker price={price} />
              <PriceVerdict price={price} />
              {price.historyFrom !== undefined && (
                <span data-seen-since className="text-xs text-stone-600">
                  {seenSinceText(price.historyFrom)}
                </span>
              )}
              <ReportProblem productId={product.id} store={store} />
            </span>
            {best && (
              <span data-best-price className="flex items-center gap-1 text-xs font-semibold text-flax-700">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-flax-600" />
                Best price
              </span>
            )}
            <span className="flex flex-col items-end">
              <span className={`tabular text-lg font-extrabold ${discounted ? 'text-warm-800' : ''}`}>
                {formatMoney(price.price)}
              </span>
              {discounted && (
                <span data-base-price className="tabular text-xs text-stone-600">
                  <span className="sr-only">Usually </span>
                  <s>{formatMoney(price.basePrice)}</s>
                </span>
              )}
              <UnitPrice text={unitPriceText(price)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
