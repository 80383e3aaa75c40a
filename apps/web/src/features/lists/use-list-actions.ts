// What the list drawer's menu does: copy the list onto the shopping list, rename it, delete it.
// The initial data's lists follow every change.
import type { CartItem, Product } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../cart/api/cart-api.js';
import { dropIntoCart } from '../products/falling-product.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { addListToCart, deleteList, listProductsKey, removeFromList, renameList } from './api/lists-api.js';
import { dropWorkspaceList, putWorkspaceList } from './workspace-lists.js';

export function useListActions(listId: number) {
  const queryClient = useQueryClient();
  const { open, closeAll } = useDrawerStore.getState();
  return {
    async addAllToCart() {
      const cart = await addListToCart(listId);
      queryClient.setQueryData<CartItem[]>(cartQueryKey, cart);
      dropIntoCart(null);
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
    },
  };
}
