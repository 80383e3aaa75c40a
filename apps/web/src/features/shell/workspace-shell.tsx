// The frame of every /w screen: the page, the floating shopping-list button, the bottom pill
// and the drawer host.
import { Outlet } from 'react-router';
import { LiveChanges } from '../live/live-changes.js';
import { BottomNav } from './bottom-nav.js';
import { CartButton } from './cart-button.js';
import { DrawerHost } from './drawer-host.js';

export function WorkspaceShell() {
  return (
    <div className="min-h-dvh">
      {/* Room at the bottom so the pill never covers the last row. */}
      <div className="mx-auto w-full max-w-3xl pb-[calc(7rem+var(--spacing-safe-bottom))]">
        <Outlet />
      </div>
      <CartButton />
      <BottomNav />
      <DrawerHost />
      <LiveChanges />
    </div>
  );
}
