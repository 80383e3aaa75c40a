// The shopping-list item drawer (kind 'cartItem'): change the quantity ('Update shopping list',
// a PUT) or take the item off the list.
import type { CartItem } from '@kete/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { AnyBrandToggle } from '../plan/any-brand-toggle.js';
import { ProductDetail } from '../products/product-detail.js';
import type { Drawer } from '../shell/drawer-store.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { cartQueryKey, removeCartItem, updateCartItem } from './api/cart-api.js';

type CartItemDrawerProps = { drawer: Extract<Drawer, { kind: 'cartItem' }> };

export function CartItemDrawer({ drawer }: CartItemDrawerProps) {
  return <CartItemDrawerBody key={drawer.product.id} drawer={drawer} />;
}

function CartItemDrawerBody({ drawer: { product, quantity: current } }: CartItemDrawerProps) {
  const [quantity, setQuantity] = useState(current);
  const queryClient = useQueryClient();
  const closeAll = useDrawerStore((s) => s.closeAll);
  const setLine = (change: (cart: CartItem[]) => CartItem[]) =>
    queryClient.setQueryData<CartItem[]>(cartQueryKey, (cart) => (cart ? change(cart) : cart));

  const update = useMutation({
    mutationFn: () => updateCartItem(product.id, quantity),
    onSuccess: (item) => {
      setLine((cart) => cart.map((line) => (line.product.id === product.id ? item : line)));
      closeAll();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeCartItem(product.id),
    onSuccess: () => {
      setLine((cart) => cart.filter((line) => line.product.id !== product.id));
      closeAll();
    },
  });

  return (
    <ProductDetail product={product} quantity={quantity} onQuantityChange={setQuantity}>
      <AnyBrandToggle productId={product.id} />
      <Button busy={update.isPending} onClick={() => update.mutate()}>
        Update shopping list
      </Button>
      <Button variant="secondary" busy={remove.isPending} onClick={() => remove.mutate()}>
        Remove from shopping list
      </Button>
    </ProductDetail>
  );
}
