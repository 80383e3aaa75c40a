// The floating shopping-list button at the bottom right. Hidden on /w/cart and while the
// workspace has no stores (there is nothing to price yet); bumps for 500 ms when something is added.
import { useQuery } from '@tanstack/react-query';
import { ShoppingBasket } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { cartQuery } from '../cart/api/cart-api.js';
import { useCartButtonStore } from './cart-button-store.js';
import { useDrawerStore } from './drawer-store.js';

export function shouldShowCartButton(pathname: string, workspaceStoreCount: number): boolean {
  return pathname !== '/w/cart' && workspaceStoreCount > 0;
}

export function CartButton() {
  const { pathname } = useLocation();
  const storeCount = useWorkspaceStore((s) => s.data?.stores.workspace.length ?? 0);
  const bumps = useCartButtonStore((s) => s.bumps);
  // On a wide screen an open drawer is a 28rem panel at the right: the button moves to its left
  // rather than float over the panel's chart (issue 37 item 9).
  const drawerOpen = useDrawerStore((s) => s.drawer !== null);
  const show = shouldShowCartButton(pathname, storeCount);
  // The number of items on the list, on the button (issue 37 item 5); also keeps the list loaded,
  // so an add's Undo knows what was there before.
  const cart = useQuery({ ...cartQuery, staleTime: 30_000, enabled: show });
  const count = cart.data?.length ?? 0;
  if (!show) return null;
  return (
    <Link
      to="/w/cart"
      aria-label={count > 0 ? `Shopping list, ${count} item${count === 1 ? '' : 's'}` : 'Shopping list'}
      data-cart-button
      className={`fixed right-4 bottom-[calc(1.25rem+var(--spacing-safe-bottom))] z-50 flex size-14 items-center justify-center rounded-full bg-warm-500 text-stone-950 shadow-lg hover:brightness-95 ${drawerOpen ? 'md:right-[29rem]' : ''}`}
    >
      {/* A new key restarts the animation on every bump. */}
      <span key={bumps} className={bumps > 0 ? 'animate-bump' : undefined}>
        <ShoppingBasket aria-hidden="true" className="size-7" />
      </span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-cart-count
          className="tabular absolute -top-1 -right-1 flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-stone-50 bg-stone-950 px-1 text-xs font-bold text-stone-50"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
