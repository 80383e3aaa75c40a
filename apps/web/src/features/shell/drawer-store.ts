// Which drawer is open (spec section 4): product, shopping-list item, specials, favourites or a
// list — one at a time, so opening one replaces the other. The product display mode follows.
import type { Product } from '@kete/shared';
import { create } from 'zustand';
import { onAppReset, onWorkspaceChange } from '../../lib/reset-app-state.js';

export type Drawer =
  | { kind: 'product'; product: Product }
  | { kind: 'cartItem'; product: Product; quantity: number }
  | { kind: 'specials'; storeId: number }
  | { kind: 'favourites' }
  | { kind: 'list'; listId: number };

export type DrawerKind = Drawer['kind'];
export type ProductDisplayMode = 'specials' | 'favourites' | 'default';

interface DrawerState {
  drawer: Drawer | null;
  open(drawer: Drawer): void;
  closeAll(): void;
}

export const useDrawerStore = create<DrawerState>()((set) => ({
  drawer: null,
  open: (drawer) => set({ drawer }),
  closeAll: () => set({ drawer: null }),
}));

onAppReset(() => useDrawerStore.getState().closeAll());
onWorkspaceChange(() => useDrawerStore.getState().closeAll());

export function displayModeOf(drawer: Drawer | null): ProductDisplayMode {
  if (drawer?.kind === 'specials') return 'specials';
  if (drawer?.kind === 'favourites') return 'favourites';
  return 'default';
}

/** How product rows show their price line: savings for specials, promotion dots for favourites. */
export const useProductDisplayMode = () => useDrawerStore((s) => displayModeOf(s.drawer));
export const useIsDrawerOpen = () => useDrawerStore((s) => s.drawer !== null);
