// Ticking (swipe left, or the tick button) and deleting (swipe right, or the item drawer) take an
// item off the shopping list: the row slides out, and after 300 ms it goes (DELETE). Ticking the
// last item is the achievement the celebration is for (removal-batch.ts decides when).
import { type CartItem, SWIPE } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { confirmAction } from '../../components/ui/action-toast.js';
import { addToCart, cartQueryKey, removeCartItem } from './api/cart-api.js';
import { RemovalBatch } from './removal-batch.js';

export type Removal = 'tick' | 'delete';

export function useCartRemoval(onCompleted: () => void) {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState<ReadonlyMap<number, Removal>>(new Map());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const batch = useRef(new RemovalBatch());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const settle = (productId: number) =>
    setLeaving((current) => {
      const next = new Map(current);
      next.delete(productId);
      return next;
    });

  const removing = useRef(new Set<number>());

  /** Settles once the removal's request has; a second tick of the same item meanwhile does nothing. */
  function remove(productId: number, how: Removal): Promise<void> {
    if (removing.current.has(productId)) return Promise.resolve();
    removing.current.add(productId);
    setLeaving((current) => new Map(current).set(productId, how));
    batch.current.start(productId, how);
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    const timer = setTimeout(async () => {
      timers.current.delete(timer);
      try {
        const gone = queryClient
          .getQueryData<CartItem[]>(cartQueryKey)
          ?.find((i) => i.product.id === productId);
        await removeCartItem(productId);
        queryClient.setQueryData<CartItem[]>(cartQueryKey, (items) =>
          items?.filter((item) => item.product.id !== productId),
        );
        // A tick answers with Undo (issue 37 item 5): the item comes back at its quantity.
        if (how === 'tick' && gone)
          confirmAction(`Ticked off ${gone.product.name}`, async () => {
            await addToCart(productId, gone.quantity);
            await queryClient.invalidateQueries({ queryKey: cartQueryKey });
          });
      } catch {
        // The API client has already shown the failure; the row simply comes back.
      } finally {
        removing.current.delete(productId);
        resolve();
        settle(productId);
        const itemsLeft = queryClient.getQueryData<CartItem[]>(cartQueryKey)?.length ?? 0;
        if (batch.current.settle(productId, itemsLeft)) onCompleted();
      }
    }, SWIPE.removalDelayMs);
    timers.current.add(timer);
    return promise;
  }

  return { leaving, remove };
}
