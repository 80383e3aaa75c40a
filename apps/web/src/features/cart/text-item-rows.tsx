// Free-text items on the shopping list (issue 49 item 2): what the household wrote in with no
// product ('birthday candles', a recipe line no product matched). Under 'Any store' at no price,
// with a line saying the total leaves them out. Each ticks off like a product, counts with a
// stepper, and opens (a tap on its text) to be rewritten or matched to a product.
import { TEXT_ITEM_MAX_QUANTITY, type TextItem, textItemMessages } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Minus, PenLine, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { showRefusal } from '../caps/show-refusal.js';
import { cartQueryKey, removeTextItem, textItemsQueryKey, updateTextItem } from './api/cart-api.js';
import { TextItemDialog } from './text-item-dialog.js';

/** Shows the change at once, sends it, then asks for the server's list (or the refusal). */
function useTextItemChange() {
  const queryClient = useQueryClient();
  return async (change: (items: TextItem[]) => TextItem[], send: () => Promise<unknown>) => {
    queryClient.setQueryData<TextItem[]>(textItemsQueryKey, (items) => (items ? change(items) : items));
    try {
      await send();
    } catch (error) {
      showRefusal(error);
    }
    await queryClient.invalidateQueries({ queryKey: cartQueryKey });
  };
}

const circle =
  'flex size-8 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-900 group-hover:bg-stone-100 group-disabled:text-stone-300';
const stepButton =
  'group flex size-11 shrink-0 items-center justify-center rounded-full disabled:cursor-default';

function TextItemRow({ item, onOpen }: { item: TextItem; onOpen(): void }) {
  const change = useTextItemChange();
  const setCount = (quantity: number) =>
    change(
      (items) => items.map((i) => (i.id === item.id ? { ...i, quantity } : i)),
      () => updateTextItem(item.id, { quantity }),
    );
  return (
    <div data-text-item={item.id} className="relative flex items-center">
      <Button
        variant="bare"
        aria-label={`Tick off ${item.text}`}
        onClick={() =>
          change(
            (items) => items.filter((i) => i.id !== item.id),
            () => removeTextItem(item.id),
          )
        }
        className="group relative z-10 ml-2 flex size-11 shrink-0 items-center justify-center rounded-full"
      >
        <span className="flex size-6 items-center justify-center rounded-full border-2 border-stone-400 text-transparent group-hover:border-flax-600 group-hover:text-flax-600">
          <Check aria-hidden="true" className="size-4" strokeWidth={3} />
        </span>
      </Button>
      <div className="flex min-w-0 flex-1 items-center gap-3 py-1.5 pr-2 pl-1">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-600">
          <PenLine aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onOpen}
            className="block w-full pt-1 pr-2 text-left leading-snug font-medium break-words after:absolute after:inset-0 after:content-['']"
          >
            {item.text}
          </button>
          <span className="text-sm text-stone-600">No price · any store</span>
        </div>
        <fieldset
          aria-label={`Quantity of ${item.text}`}
          className="relative z-10 -my-1 flex shrink-0 items-center"
        >
          <button
            type="button"
            aria-label={`Fewer ${item.text}`}
            disabled={item.quantity <= 1}
            onClick={() => setCount(item.quantity - 1)}
            className={stepButton}
          >
            <span className={circle}>
              <Minus aria-hidden="true" className="size-4" />
            </span>
          </button>
          <output aria-live="polite" className="tabular min-w-8 text-center font-semibold">
            {item.quantity}
          </output>
          <button
            type="button"
            aria-label={`More ${item.text}`}
            disabled={item.quantity >= TEXT_ITEM_MAX_QUANTITY}
            onClick={() => setCount(item.quantity + 1)}
            className={stepButton}
          >
            <span className={circle}>
              <Plus aria-hidden="true" className="size-4" />
            </span>
          </button>
        </fieldset>
      </div>
    </div>
  );
}

export function TextItemRows({ items }: { items: TextItem[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = items.find((item) => item.id === openId) ?? null;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="any-store-heading" className="mt-4">
      <h2 id="any-store-heading" className="px-4 pb-1 text-sm font-semibold text-stone-700">
        Any store
      </h2>
      <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
        {items.map((item) => (
          <li key={item.id}>
            <TextItemRow item={item} onOpen={() => setOpenId(item.id)} />
          </li>
        ))}
      </ul>
      <p data-total-leaves-out className="px-4 pt-2 pb-4 text-sm text-stone-600">
        {textItemMessages.totalLeavesOut(items.length)}
      </p>
      {open && <TextItemDialog item={open} onClose={() => setOpenId(null)} />}
    </section>
  );
}
