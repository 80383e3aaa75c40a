// A product row (spec section 2, "Product rows"): picture, brand, name, display units, price or
// price range, favourite heart; savings in specials mode, a promotion dot in favourites mode, chain
// logos by ascending price otherwise. Swipe left adds to the shopping list (quantity by distance),
// swipe right adds to a list or, inside a list, removes it. Buttons do the same without swiping.
// The + button names the product with its brand and size ('Add Anchor Trim Milk 2L') and shows how
// much the shopping list already holds (issue 49 item 7).
import { addButtonLabel, formatQuantity, type Product, SWIPE, startingQuantity } from '@kete/shared';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useCartQuantity } from '../../features/cart/use-cart-quantity.js';
import { AddToListDialog } from '../../features/products/add-to-list-dialog.js';
import { useAddToCart } from '../../features/products/use-add-to-cart.js';
import {
  type ProductDisplayMode,
  useDrawerStore,
  useProductDisplayMode,
} from '../../features/shell/drawer-store.js';
import { Button } from '../ui/button.js';
import { FavouriteHeart } from './favourite-heart.js';
import { ProductSummary } from './product-summary.js';
import { productSwipe, type SwipeSide } from './swipe-outcome.js';
import { SwipeRow } from './swipe-row.js';

export interface ProductRowProps {
  product: Product;
  /** Defaults to the open drawer's display mode. */
  mode?: ProductDisplayMode;
  /** In specials mode: how much the product saves, in cents. */
  saving?: number;
  /** In a store's specials list: the store whose price the row shows. */
  atStoreId?: number;
  /** Inside a list: the right swipe (and the remove button) removes the product from it. */
  inList?: boolean;
  /** Replaces the right swipe's action (e.g. removing from the open list). */
  onSwipeRight?(): void | Promise<void>;
}

export function ProductRow({
  product,
  mode,
  saving,
  atStoreId,
  inList = false,
  onSwipeRight,
}: ProductRowProps) {
  const drawerMode = useProductDisplayMode();
  const open = useDrawerStore((s) => s.open);
  const addToCart = useAddToCart();
  const onList = useCartQuantity(product.id);
  const onListId = useId();
  const rowRef = useRef<HTMLDivElement>(null);
  const [choosingList, setChoosingList] = useState(false);
  const [leaving, setLeaving] = useState<SwipeSide | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  // The promise lets the '+' button stay disabled while its request runs (spec section 4).
  const add = (quantity: number) =>
    addToCart.mutateAsync({ product, quantity, from: rowRef.current }).catch(() => undefined);
  function right() {
    if (!inList && !onSwipeRight) {
      setChoosingList(true);
      return;
    }
    // Slide out, then let the owner remove it once the 300 ms animation has run.
    setLeaving('right');
    leaveTimer.current = setTimeout(() => {
      Promise.resolve(onSwipeRight?.()).catch(() => setLeaving(null));
    }, SWIPE.removalDelayMs);
  }

  return (
    <div ref={rowRef} data-product-row={product.id}>
      <SwipeRow
        leftLabel="Add to shopping list"
        rightLabel={inList ? 'Remove' : 'Add to list'}
        leaving={leaving}
        onSwipe={(side, { dx, dy, width }) => {
          const outcome = productSwipe(dx, dy, width, product);
          if (side === 'left' && outcome?.action === 'addToCart') add(outcome.quantity);
          if (side === 'right') right();
        }}
      >
        <div className="flex items-center">
          <button
            type="button"
            onClick={() => open({ kind: 'product', product })}
            className="flex min-w-0 flex-1 items-center gap-3 py-3 pl-4 text-left"
          >
            <ProductSummary
              product={product}
              mode={mode ?? drawerMode}
              saving={saving}
              atStoreId={atStoreId}
            />
          </button>
          <div className="flex flex-col items-center pr-1">
            <FavouriteHeart product={product} />
            {inList ? (
              <button
                type="button"
                aria-label={`Remove ${product.name} from list`}
                onClick={right}
                className="flex size-11 items-center justify-center rounded-full text-stone-600 hover:bg-stone-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            ) : (
              // The count sits beside the button, not in it: the button's name is its label alone
              // (axe: visible text must be part of the name), and the count is read from aria-describedby.
              <div className="relative">
                <Button
                  variant="bare"
                  aria-label={addButtonLabel(product)}
                  aria-describedby={onList ? onListId : undefined}
                  onClick={() => add(startingQuantity(product))}
                  className="flex size-11 items-center justify-center rounded-full text-flax-700 hover:bg-flax-50"
                >
                  <Plus aria-hidden="true" className="size-6" strokeWidth={2.5} />
                </Button>
                {onList ? (
                  <span
                    aria-hidden="true"
                    data-on-list
                    className="tabular pointer-events-none absolute -top-0.5 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-flax-700 px-1 text-xs font-bold text-white"
                  >
                    {formatQuantity(product, onList).replace(' ', '')}
                  </span>
                ) : null}
              </div>
            )}
          </div>
        </div>
      </SwipeRow>
      {onList ? (
        <span id={onListId} className="sr-only">
          {formatQuantity(product, onList)} on the shopping list
        </span>
      ) : null}
      {choosingList && <AddToListDialog product={product} onClose={() => setChoosingList(false)} />}
    </div>
  );
}
