// The content of a product row: picture, brand, name, display units and the price, plus the
// mode's extra (saving, promotion marker or chain logos). Colour is never the only signal.
import { formatMoney, isPromotion, type Product } from '@kete/shared';
import { RowPriceExtras } from '../../features/prices/price-extras.js';
import type { ProductDisplayMode } from '../../features/shell/drawer-store.js';
import { PriceRange } from './price-range.js';
import { ProductImage } from './product-image.js';
import { StoreLogoStrip } from './store-logo-strip.js';

export function ProductSummary({
  product,
  mode,
  saving,
  atStoreId,
}: {
  product: Product;
  mode: ProductDisplayMode;
  saving?: number | undefined;
  /** A store's specials list: that store's price and was-price, not the range across stores. */
  atStoreId?: number | undefined;
}) {
  const atStore = atStoreId === undefined ? undefined : product.prices.find((p) => p.storeId === atStoreId);
  const onPromotion = product.prices.some((price) => isPromotion(price.promotionType));
  return (
    <>
      <ProductImage url={product.imageUrl} />
      <span className="flex min-w-0 flex-1 flex-col">
        {product.brand && (
          <span className="truncate text-xs font-medium text-stone-600">{product.brand}</span>
        )}
        <span className="line-clamp-2 leading-snug font-medium text-stone-900">{product.name}</span>
        <span className="mt-0.5 flex items-center gap-2 text-sm text-stone-600">
          {product.displayUnits && <span>{product.displayUnits}</span>}
          {mode === 'default' && <StoreLogoStrip prices={product.prices} />}
          {mode === 'favourites' && onPromotion && (
            <span className="flex items-center gap-1 font-semibold text-warm-800">
              <span aria-hidden="true" data-promotion-dot className="size-2 rounded-full bg-warm-500" />
              On promotion
            </span>
          )}
        </span>
        {mode === 'specials' && saving !== undefined && saving > 0 && (
          <span className="tabular mt-0.5 text-sm font-bold text-warm-800">Save {formatMoney(saving)}</span>
        )}
        {atStore ? (
          <span className="flex items-baseline gap-2">
            <PriceRange low={atStore.price} high={atStore.price} />
            {atStore.basePrice > atStore.price && (
              <span className="tabular text-sm text-stone-600">
                was <s>{formatMoney(atStore.basePrice)}</s>
              </span>
            )}
          </span>
        ) : (
          <PriceRange low={product.bestPrice} high={product.highestPrice} />
        )}
        <RowPriceExtras prices={atStore ? [atStore] : product.prices} />
      </span>
    </>
  );
}
