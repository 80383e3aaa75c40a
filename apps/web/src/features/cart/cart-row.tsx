// A shopping-list row: swipe left ticks the item off, swipe right deletes it; the round tick
// button does the first without swiping, the item drawer (a tap) the second.
import { type CartItem, formatQuantity } from '@kete/shared';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProductImage } from '../../components/product/product-image.js';
import { SwipeRow } from '../../components/product/swipe-row.js';
import { Button } from '../../components/ui/button.js';
import { StaleMarker, shownPrice } from '../prices/freshness.js';
import { UnitPrice } from '../prices/price-extras.js';
import { cheapestUnitPriceText, unitPriceText } from '../prices/unit-price.js';
import { useDrawerStore } from '../shell/drawer-store.js';
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
}: CartRowProps) {
  const open = useDrawerStore((s) => s.open);
  const { product, quantity } = item;
  const priced = boughtAs ?? product;
  return (
    <SwipeRow
      leftLabel="Tick off"
      rightLabel="Delete"
      leaving={leaving === 'tick' ? 'left' : leaving === 'delete' ? 'right' : null}
      onSwipe={(side) => onRemove(side === 'left' ? 'tick' : 'delete')}
    >
      <div data-cart-row={product.id} className={`flex items-center ${muted ? 'opacity-60' : ''}`}>
        <Button
          variant="bare"
          aria-label={`Tick off ${product.name}`}
          onClick={() => onRemove('tick')}
          className="group ml-2 flex size-11 shrink-0 items-center justify-center rounded-full"
        >
          <span className="flex size-6 items-center justify-center rounded-full border-2 border-stone-400 text-transparent group-hover:border-flax-600 group-hover:text-flax-600">
            <Check aria-hidden="true" className="size-4" strokeWidth={3} />
          </span>
        </Button>
        <button
          type="button"
          onClick={() => open({ kind: 'cartItem', product, quantity })}
          className="flex min-w-0 flex-1 items-center gap-3 py-3 pr-4 pl-1 text-left"
        >
          <ProductImage url={product.imageUrl} size={44} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="line-clamp-2 leading-snug font-medium">{product.name}</span>
            <span className="text-sm text-stone-600">
              {/* The brand tells "Anchor Trim Milk 1L" from "Pams Trim Milk 1L" in the list. */}
              {product.brand && <span>{product.brand} · </span>}
              <span className="tabular">× {formatQuantity(product, quantity)}</span>
              {product.displayUnits && <span> · {product.displayUnits}</span>}
            </span>
          </span>
          <span className="flex flex-col items-end text-right">
            {price}
            <UnitPrice text={rowUnitPriceText({ ...item, product: priced }, atStoreId)} />
            {/* Issue 33: a calm marker when the price shown is stale. */}
            <StaleMarker
              price={
                atStoreId === undefined
                  ? shownPrice(priced.prices)
                  : priced.prices.find((p) => p.storeId === atStoreId)
              }
            />
          </span>
        </button>
      </div>
    </SwipeRow>
  );
}
