// /w/cart, loaded on first visit so home's first load stays small.
import { lazy } from 'react';
import { Loading } from '../products/lazy-view.js';

// The saved tab is read alongside the screen's code, so the first paint already shows it.
const CartScreen = lazy(async () => {
  const [screen, settings] = await Promise.all([import('./cart-screen.js'), import('./cart-settings.js')]);
  await settings.loadCartTab();
  return { default: screen.CartScreen };
});

export function CartPage() {
  return (
    <Loading>
      <CartScreen />
    </Loading>
  );
}
