// /w/cart, loaded on first visit so home's first load stays small.
import { lazy } from 'react';
import { Loading } from '../products/lazy-view.js';

const CartScreen = lazy(() => import('./cart-screen.js').then((m) => ({ default: m.CartScreen })));

export function CartPage() {
  return (
    <Loading>
      <CartScreen />
    </Loading>
  );
}
