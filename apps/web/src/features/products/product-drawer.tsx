// The product drawer (kind 'product'): choose a quantity and add it to the shopping list, or add
// the product to a named list.
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import type { Drawer } from '../shell/drawer-store.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { AddToListDialog } from './add-to-list-dialog.js';
import { ProductDetail } from './product-detail.js';
import { useAddToCart } from './use-add-to-cart.js';

export function ProductDrawer({ drawer }: { drawer: Extract<Drawer, { kind: 'product' }> }) {
  const { product } = drawer;
  // A new product in the same drawer starts again at its own minimum.
  return <ProductDrawerBody key={product.id} drawer={drawer} />;
}

function ProductDrawerBody({ drawer: { product } }: { drawer: Extract<Drawer, { kind: 'product' }> }) {
  const [quantity, setQuantity] = useState(product.minimumQuantity);
  const [choosingList, setChoosingList] = useState(false);
  const addToCart = useAddToCart();
  const closeAll = useDrawerStore((s) => s.closeAll);
  const body = useRef<HTMLDivElement>(null);

  return (
    <div ref={body}>
      <ProductDetail product={product} quantity={quantity} onQuantityChange={setQuantity}>
        <Button
          onClick={() => {
            addToCart.mutate({ product, quantity, from: body.current });
            closeAll();
          }}
        >
          Add to shopping list
        </Button>
        <Button variant="secondary" onClick={() => setChoosingList(true)}>
          Add to list
        </Button>
      </ProductDetail>
      {choosingList && <AddToListDialog product={product} onClose={() => setChoosingList(false)} />}
    </div>
  );
}
