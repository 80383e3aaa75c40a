// A shopping-list row: swipe left ticks the item off, swipe right deletes it; the round tick
// button does the first without swiping, the item drawer (a tap) the second; the stepper changes
// the quantity in place.
import type { CartItem } from '@kete/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/product/product-image.js';
import { SwipeRow } from '../../components/product/swipe-row.js';
import { Button } from '../../components/ui/button.js';
import { RowOutlook } from '../outlook/row-outlook.js';
import { StaleMarker, shownPrice } from '../prices/freshness.js';
import { cheapestUnitPriceText, unitPriceText } from '../prices/unit-price.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { RowQuantity } from './row-quantity.js';
import type { Removal } from './use-cart-removal.js';

export interface CartRowProps {
  item: CartItem;
  /** The price shown on the right: a range in 'All', the store's line total in 'By store'. */
  price: ReactNode;
  leaving: Removal | undefined;
  /** Its promise (the request) keeps the tick button disabled until it settles. */
  onRemove(how: Removal): unknown;
  muted?: boolean;
  /** In a store's group (the plan, 'By store'): the unit price is that store's, not the cheapest. */
  atStoreId?: number;
  /** The product the line buys when it is another of the household's same products (issue 33):
   * its unit price and freshness at the store are shown. */
  boughtAs?: CartItem['product'] | undefined;
  /** When the price this row is bought at was last listed, as the plan's line says (issue 45): it
   * wins over the product's prices the shopping list holds, which may be older than the plan. */
  seenAt?: number | undefined;
}

/** The unit price a row shows: the store's it is bought at, else the cheapest among its stores. */
export function rowUnitPriceText(item: CartItem, atStoreId: number | undefined): string | null {
  if (atStoreId === undefined) return cheapestUnitPriceText(item.product.prices);
  const price = item.product.prices.find((p) => p.storeId === atStoreId);
  return price ? unitPriceText(price) : null;
}

export function CartRow({
  item,
  price,
  leaving,
  onRemove,
  muted = false,
  atStoreId,
  boughtAs,
  seenAt,
}: CartRowProps) {
  const open = useDrawerStore((s) => s.open);
  const { product, quantity } = item;
  const priced = boughtAs ?? product;
  const stale =
    seenAt !== undefined
      ? { seenAt }
      : atStoreId === undefined
        ? shownPrice(priced.prices)
        : priced.prices.find((p) => p.storeId === atStoreId);
  return (
    <SwipeRow
      leftLabel="Tick off"
      rightLabel="Delete"
      leaving={leaving === 'tick' ? 'left' : leaving === 'delete' ? 'right' : null}
      onSwipe={(side) => onRemove(side === 'left' ? 'tick' : 'delete')}
    >
      {/* Issue 37 item 7: the name on one line across the row (all of it in the drawer), the price
          under it, and the quantity as a stepper at the right. The name's button covers the row
          (its ::after), so a tap anywhere but the tick and the stepper opens the drawer. */}
      <div data-cart-row={product.id} className={`relative flex items-center ${muted ? 'opacity-60' : ''}`}>
        <Button
          variant="bare"
          aria-label={`Tick off ${product.name}`}
          onClick={() => onRemove('tick')}
          className="group relative z-10 ml-2 flex size-11 shrink-0 items-center justify-center rounded-full"
        >
          <span className="flex size-6 items-center justify-center rounded-full border-2 border-stone-400 text-transparent group-hover:border-flax-600 group-hover:text-flax-600">
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          </span>
        </Button>
        <div className="flex min-w-0 flex-1 items-center gap-3 py-1.5 pr-2 pl-1">
          <ProductImage url={product.imageUrl} size={44} />
          <div className="min-w-0 flex-1">
            <button
              type="button"
              data-open-item
              title={product.name}
              onClick={() => open({ kind: 'cartItem', product, quantity })}
              className="block w-full truncate pt-1 pr-2 text-left leading-snug font-medium after:absolute after:inset-0 after:content-['']"
            >
              {product.name}
            </button>
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline gap-x-2">
                  {price}
                  {/* Issue 33: a calm marker when the price shown is stale. */}
                  <StaleMarker price={stale} />
                </div>
                {/* The brand tells "Anchor Trim Milk 1L" from "Pams Trim Milk 1L"; the unit price is
                    the store's the row is bought at. Each part wraps whole, never cut off. */}
                <span className="flex flex-wrap gap-x-1 text-sm text-stone-600">
                  {[
                    product.brand,
                    product.displayUnits,
                    rowUnitPriceText({ ...item, product: priced }, atStoreId),
                  ]
                    .filter((part): part is string => Boolean(part))
                    .map((part, index) => (
                      <span key={part} className="max-w-full truncate">
                        {index > 0 && '· '}
                        {part}
                      </span>
                    ))}
                </span>
                <RowOutlook productId={product.id} />
              </div>
              <RowQuantity item={item} />
            </div>
          </div>
        </div>
      </div>
    </SwipeRow>
  );
}
