// The frame of every /w screen: the page, the floating shopping-list button, the bottom pill
// and the drawer host.
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { ActionToastHost } from '../../components/ui/action-toast.js';
import { afterFirstScreen, firstScreenShown } from '../../lib/first-screen.js';
import { preloadAllPages } from '../../lib/navigation.js';
import { LiveChanges } from '../live/live-changes.js';
import { BottomNav } from './bottom-nav.js';
import { CartButton } from './cart-button.js';
import { DrawerHost } from './drawer-host.js';
import { useDrawerStore } from './drawer-store.js';

export function WorkspaceShell() {
  // On a wide screen an open drawer is a 28rem panel at the right: the page's column moves into
  // the room left of it instead of lying under it (issue 37 item 9: the search grid's right
  // column was hidden behind the product panel at 1280x800).
  const drawerOpen = useDrawerStore((s) => s.drawer !== null);
  useEffect(() => {
    // The first screen is up: the work kept back for it starts (lib/first-screen.ts).
    afterFirstScreen(preloadAllPages);
    firstScreenShown();
  }, []);
  return (
    <div className={`min-h-dvh ${drawerOpen ? 'md:pr-[28rem]' : ''}`}>
      {/* Room at the bottom so the pill never covers the last row. */}
      <div className="mx-auto w-full max-w-3xl pb-[calc(7rem+var(--spacing-safe-bottom))]">
        {/* A screen not loaded yet (app/pages.tsx) leaves the shell in place meanwhile. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
      <CartButton />
      <BottomNav />
      <DrawerHost />
      <LiveChanges />
      <ActionToastHost />
    </div>
  );
}
