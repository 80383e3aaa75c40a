// Hosts the drawers (drawer-panel.tsx), whose code, Radix's dialog with it, loads when a drawer
// first opens: the first load of a screen carries none of it (components/ui/lazy-dialog.tsx).
import { lazyDialog, WhenOpened } from '../../components/ui/lazy-dialog.js';
import { useDrawerStore } from './drawer-store.js';

const DrawerPanel = lazyDialog(() => import('./drawer-panel.js').then((m) => m.DrawerPanel));

export function DrawerHost() {
  const open = useDrawerStore((s) => s.drawer !== null);
  return (
    <WhenOpened open={open}>
      <DrawerPanel open={open} />
    </WhenOpened>
  );
}
