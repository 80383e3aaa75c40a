// What the list drawer's menu does: copy the list onto the shopping list, rename it, delete it.
// The initial data's lists follow every change.
import type { CartItem, Product } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { confirmAction } from '../../components/ui/action-toast.js';
import { cartQueryKey, removeCartItem, updateCartItem } from '../cart/api/cart-api.js';
import { dropIntoCart } from '../products/falling-product.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { addListToCart, deleteList, listProductsKey, removeFromList, renameList } from './api/lists-api.js';
import { dropWorkspaceList, putWorkspaceList, recountLists } from './workspace-lists.js';

export function useListActions(listId: number) {
  const queryClient = useQueryClient();
  const { open, closeAll } = useDrawerStore.getState();
  return {
    async addAllToCart() {
      const before = queryClient.getQueryData<CartItem[]>(cartQueryKey);
      const cart = await addListToCart(listId);
      queryClient.setQueryData<CartItem[]>(cartQueryKey, cart);
      dropIntoCart(null);
      // Undo puts every line back as it was: new ones off, summed ones to their old quantity.
      confirmAction(
        'Added the list to the shopping list',
        before &&
          (async () => {
            const had = new Map(before.map((item) => [item.product.id, item.quantity]));
            for (const item of cart) {
              const quantity = had.get(item.product.id);
              if (quantity === undefined) await removeCartItem(item.product.id);
              else if (quantity !== item.quantity) await updateCartItem(item.product.id, quantity);
            }
            await queryClient.invalidateQueries({ queryKey: cartQueryKey });
          }),
      );
    },
    async rename(name: string) {
      const list = await renameList(listId, name);
      putWorkspaceList(list);
      // Reopen so the drawer's header shows the new name.
      open({ kind: 'list', listId });
    },
    async remove() {
      await deleteList(listId);
      dropWorkspaceList(listId);
      closeAll();
    },
    async removeProduct(productId: number) {
      await removeFromList(listId, productId);
      queryClient.setQueryData<Product[]>(listProductsKey(listId), (products) =>
        products?.filter((product) => product.id !== productId),
      );
      recountLists();
    },
  };
}
