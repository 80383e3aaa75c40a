// 'All': every item with its price range, and the total as a range from the sum of bestPrice x
// quantity to the sum of highestPrice x quantity; issue 49: the range starts at the total 'By
// store' shows for the household's choice (the split, or the plan), so the two views agree.
import { type CartItem, cartTotalRange, formatMoneyRange, lineTotal } from '@kete/shared';
import { usePlan } from '../plan/use-plan.js';
import { CartRow } from './cart-row.js';
import { CartTotal } from './cart-total.js';
import type { Removal } from './use-cart-removal.js';
import { useCartSplit } from './use-cart-split.js';

export function CartAllTab({
  cart,
  leaving,
  onRemove,
}: {
  cart: CartItem[];
  leaving: ReadonlyMap<number, Removal>;
  onRemove(productId: number, how: Removal): void;
}) {
  const { split } = useCartSplit(cart);
  const { settings, plan } = usePlan(cart);
  const chosenTotal = settings.maxStores > 0 ? plan?.total : split.total;
  const { low, high } = cartTotalRange(cart, chosenTotal);
  return (
    <>
      <ul className="divide-y divide-stone-200 border-t border-stone-200">
        {cart.map((item) => {
          const { bestPrice, highestPrice } = item.product;
          const price =
            bestPrice === null || highestPrice === null ? (
              <span className="text-sm text-stone-600">No price</span>
            ) : (
              <span className="tabular font-bold whitespace-nowrap">
                {formatMoneyRange(
                  lineTotal(bestPrice, item.quantity),
                  lineTotal(highestPrice, item.quantity),
                )}
              </span>
            );
          return (
            <li key={item.product.id}>
              <CartRow
                item={item}
                price={price}
                leaving={leaving.get(item.product.id)}
                onRemove={(how) => onRemove(item.product.id, how)}
              />
            </li>
          );
        })}
      </ul>
      <CartTotal label="Total">{formatMoneyRange(low, high)}</CartTotal>
    </>
  );
}
