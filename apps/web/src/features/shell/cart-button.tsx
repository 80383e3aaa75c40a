// The floating shopping-list button at the bottom right. Hidden on /w/cart and while the
// workspace has no stores (there is nothing to price yet); bumps for 500 ms when something is added.
import { ShoppingBasket } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useCartButtonStore } from './cart-button-store.js';

export function shouldShowCartButton(pathname: string, workspaceStoreCount: number): boolean {
  return pathname !== '/w/cart' && workspaceStoreCount > 0;
}

export function CartButton() {
  const { pathname } = useLocation();
  const storeCount = useWorkspaceStore((s) => s.data?.stores.workspace.length ?? 0);
  const bumps = useCartButtonStore((s) => s.bumps);
  if (!shouldShowCartButton(pathname, storeCount)) return null;
  return (
    <Link
      to="/w/cart"
      aria-label="Shopping list"
      data-cart-button
      className="fixed right-4 bottom-[calc(1.25rem+var(--spacing-safe-bottom))] z-50 flex size-14 items-center justify-center rounded-full bg-warm-500 text-stone-950 shadow-lg hover:brightness-95"
    >
      {/* A new key restarts the animation on every bump. */}
      <span key={bumps} className={bumps > 0 ? 'animate-bump' : undefined}>
        <ShoppingBasket aria-hidden="true" className="size-7" />
      </span>
    </Link>
  );
}
