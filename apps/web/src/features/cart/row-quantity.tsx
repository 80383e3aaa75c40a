// The quantity stepper in a shopping-list row (issue 37 item 7): '−  2  +' without opening the
// drawer. Each tap changes the list at once (the total follows) and is saved in order, only the
// latest of quick taps going to the server; offline the outbox keeps it like any other edit.
import { type CartItem, formatQuantity, stepQuantity } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Minus, Plus } from 'lucide-react';
import { useRef } from 'react';
import { latestValueSender } from '../../lib/latest-value-sender.js';
import { showRefusal } from '../caps/show-refusal.js';
import { stepperLimits } from '../products/quantity-stepper.js';
import { cartQueryKey, updateCartItem } from './api/cart-api.js';

function useRowQuantity(productId: number) {
  const queryClient = useQueryClient();
  const setQuantity = (quantity: number, saved?: CartItem) =>
    queryClient.setQueryData<CartItem[]>(cartQueryKey, (cart) =>
      cart?.map((line) => (line.product.id === productId ? (saved ?? { ...line, quantity }) : line)),
    );
  const sender = useRef(
    latestValueSender((quantity: number) => updateCartItem(productId, quantity), {
      onLatest: (saved, quantity) => setQuantity(quantity, saved),
      onError: (error) => {
        showRefusal(error);
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      },
    }),
  );
  return (quantity: number) => {
    setQuantity(quantity);
    void sender.current.send(quantity);
  };
}

export function RowQuantity({ item }: { item: CartItem }) {
  const { product, quantity } = item;
  const change = useRowQuantity(product.id);
  const { canDecrease, canIncrease } = stepperLimits(product, quantity);
  // 44 px targets (UI.md) around a smaller drawn circle, so the row stays one line high.
  const button =
    'group flex size-11 shrink-0 items-center justify-center rounded-full disabled:cursor-default';
  const circle =
    'flex size-8 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 group-hover:bg-stone-100 group-disabled:text-stone-300 group-disabled:group-hover:bg-white';
  return (
    // Named by aria-label, not a legend: the row's text stays the product's name once.
    <fieldset
      data-row-quantity
      aria-label={`Quantity of ${product.name}`}
      className="relative z-10 -my-1 flex shrink-0 items-center"
    >
      <button
        type="button"
        aria-label={`Fewer ${product.name}`}
        disabled={!canDecrease}
        onClick={() => change(stepQuantity(quantity, product.minimumIncrement, -1))}
        className={button}
      >
        <span className={circle}>
          <Minus aria-hidden="true" className="size-4" />
        </span>
      </button>
      <output aria-live="polite" className="tabular min-w-8 text-center font-semibold whitespace-nowrap">
        {formatQuantity(product, quantity)}
      </output>
      <button
        type="button"
        aria-label={`More ${product.name}`}
        disabled={!canIncrease}
        onClick={() => change(stepQuantity(quantity, product.minimumIncrement, 1))}
        className={button}
      >
        <span className={circle}>
          <Plus aria-hidden="true" className="size-4" />
        </span>
      </button>
    </fieldset>
  );
}
