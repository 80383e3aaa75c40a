// How much of a product the shared shopping list already holds, for the product rows' + button
// (issue 49 item 7). The shopping-list button keeps the list loaded, so this reads what is there;
// an add changes it at once (use-add-to-cart.ts).
import { useQuery } from '@tanstack/react-query';
import { cartQuery } from './api/cart-api.js';

export function useCartQuantity(productId: number): number | undefined {
  const { data } = useQuery({
    ...cartQuery,
    staleTime: 30_000,
    select: (cart) => cart.find((item) => item.product.id === productId)?.quantity,
  });
  return data;
}
