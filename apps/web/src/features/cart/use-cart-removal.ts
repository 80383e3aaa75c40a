// Ticking (swipe left, or the tick button) and deleting (swipe right, or the item drawer) take an
// item off the shopping list: the row slides out, and after 300 ms it goes (DELETE). Ticking the
// last item is the achievement the celebration is for.
import { type CartItem, SWIPE } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cartQueryKey, removeCartItem } from './api/cart-api.js';

export type Removal = 'tick' | 'delete';

/** Whether taking this item off with this gesture completes the shopping list. */
export const completesList = (cart: CartItem[], productId: number, how: Removal) =>
  how === 'tick' && cart.length === 1 && cart[0]?.product.id === productId;

export function useCartRemoval(onCompleted: () => void) {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState<ReadonlyMap<number, Removal>>(new Map());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const settle = (productId: number) =>
    setLeaving((current) => {
      const next = new Map(current);
      next.delete(productId);
      return next;
    });

  function remove(productId: number, how: Removal) {
    setLeaving((current) => new Map(current).set(productId, how));
    const timer = setTimeout(async () => {
      timers.current.delete(timer);
      const cart = queryClient.getQueryData<CartItem[]>(cartQueryKey) ?? [];
      try {
        await removeCartItem(productId);
        queryClient.setQueryData<CartItem[]>(cartQueryKey, (items) =>
          items?.filter((item) => item.product.id !== productId),
        );
        if (completesList(cart, productId, how)) onCompleted();
      } finally {
        settle(productId);
      }
    }, SWIPE.removalDelayMs);
    timers.current.add(timer);
  }

  return { leaving, remove };
}
