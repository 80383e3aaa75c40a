// An item's 'Any brand' flag and vetoed alternatives (PUT /cart without a quantity), kept in the
// cart's cache so every screen sees the change; the plan's key includes them, so it asks again.
import type { CartItem } from '@kete/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../cart/api/cart-api.js';
import { updateCartItemBrand } from './api/plan-api.js';

export function useBrandSettings(item: CartItem) {
  const queryClient = useQueryClient();
  const productId = item.product.id;
  const setLine = (change: (line: CartItem) => CartItem) =>
    queryClient.setQueryData<CartItem[]>(cartQueryKey, (cart) =>
      cart?.map((line) => (line.product.id === productId ? change(line) : line)),
    );
  const mutation = useMutation({
    mutationFn: (change: { anyBrand?: boolean; excludedAlternatives?: number[] }) =>
      updateCartItemBrand(productId, change),
    // Shown at once (the switch must move under the thumb), put back if the server refuses.
    onMutate: (change) => {
      const before = queryClient.getQueryData<CartItem[]>(cartQueryKey);
      setLine((line) => ({ ...line, ...change }));
      return before;
    },
    onError: (_error, _change, before) => queryClient.setQueryData(cartQueryKey, before),
    onSuccess: (saved) => {
      if (saved) setLine((line) => ({ ...line, ...saved }));
    },
    // The changed line asked for a new plan at once, while this change was still on its way: that
    // answer may be from the list before it (and would stand for 30 s). Ask again once it is saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cart-plan'] }),
  });
  const excluded = item.excludedAlternatives ?? [];
  return {
    anyBrand: item.anyBrand === true,
    excluded,
    busy: mutation.isPending,
    setAnyBrand: (anyBrand: boolean) => mutation.mutate({ anyBrand }),
    veto: (alternativeId: number) =>
      mutation.mutate({ excludedAlternatives: [...new Set([...excluded, alternativeId])] }),
    allow: (alternativeId: number) =>
      mutation.mutate({ excludedAlternatives: excluded.filter((id) => id !== alternativeId) }),
  };
}
