// Adding to the shared shopping list, made to feel instant: the cart query (when loaded) changes
// at once and rolls back if the server refuses; the product falls into the shopping-list button.
// A full list (the cap) is answered before asking; any refusal is shown in the toast.
import type { CartItem, Product } from '@kete/shared';
import { roundQuantity } from '@kete/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../components/ui/action-toast.js';
import { showRefusal } from '../caps/show-refusal.js';
import { addToCart, cartQueryKey, removeCartItem, updateCartItem } from '../cart/api/cart-api.js';
import { assertCartRoom } from '../cart/cart-cap.js';
import { dropIntoCart } from './falling-product.js';

/** The cart after adding `quantity` of `product`: summed onto its line, or a new line at the end. */
export function withAdded(cart: CartItem[], product: Product, quantity: number): CartItem[] {
  const existing = cart.find((item) => item.product.id === product.id);
  if (!existing) return [...cart, { product, quantity }];
  return cart.map((item) =>
    item === existing ? { ...item, quantity: roundQuantity(item.quantity + quantity) } : item,
  );
}

interface AddVariables {
  product: Product;
  quantity: number;
  /** Where the product was shown, for the falling animation. */
  from?: Element | null;
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, quantity }: AddVariables) => addToCart(product.id, quantity),
    onMutate: async ({ product, quantity, from }) => {
      assertCartRoom(queryClient, product.id);
      dropIntoCart(from);
      await queryClient.cancelQueries({ queryKey: cartQueryKey });
      const before = queryClient.getQueryData<CartItem[]>(cartQueryKey);
      if (before) queryClient.setQueryData(cartQueryKey, withAdded(before, product, quantity));
      return { before };
    },
    // Every tap answers (issue 37 item 5): what was added, with Undo back to the list as it was.
    onSuccess: (_item, { product }, context) => {
      const before = context?.before;
      // Undo needs the list as it was; the basket button keeps it loaded, so this is rare.
      if (!before) return confirmAction(`Added ${product.name} to the shopping list`);
      const had = before.find((item) => item.product.id === product.id)?.quantity;
      confirmAction(`Added ${product.name} to the shopping list`, async () => {
        await (had === undefined ? removeCartItem(product.id) : updateCartItem(product.id, had));
        await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      });
    },
    onError: (error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(cartQueryKey, context.before);
      showRefusal(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
