// 'Going shopping' (issue 35): the workspace's trip lives in the start-up data (init carries it)
// and is replaced by the live stream's 'trip' events; items other members add while this user
// shops are remembered here so in-store mode can mark them new.
import type { ShoppingTrip } from '@kete/shared';
import { create } from 'zustand';
import { api } from '../../lib/api-client.js';
import { sessionUser } from '../../lib/session-user.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { workspacePath } from '../products/api/workspace-path.js';

export const setTrip = (trip: ShoppingTrip | null) =>
  useWorkspaceStore.getState().update((data) => ({ ...data, trip }));

export const useShoppingTrip = () => useWorkspaceStore((s) => s.data?.trip ?? null);

export const isMyTrip = (trip: ShoppingTrip | null) => trip !== null && String(trip.userId) === sessionUser();

export async function startTrip(storeId: number): Promise<void> {
  const answer = await api.post<{ trip: ShoppingTrip | null }>(workspacePath('/trip'), { storeId });
  setTrip(answer.trip);
  useNewWhileShopping.getState().clear();
}

export async function endTrip(): Promise<void> {
  await api.request(workspacePath('/trip'), { method: 'DELETE' });
  setTrip(null);
  useNewWhileShopping.getState().clear();
}

/** The trip as the server has it now (after a tick elsewhere may have ended it with the list). */
export async function refreshTrip(): Promise<void> {
  try {
    const answer = await api.request<{ trip: ShoppingTrip | null }>(workspacePath('/trip'), {
      loading: false,
      quiet: true,
    });
    setTrip(answer.trip);
  } catch {
    // Offline: the trip shown stays until the next event or start-up.
  }
}

interface NewWhileShopping {
  ids: ReadonlySet<number>;
  add(productId: number): void;
  clear(): void;
}

/** Products other members put on the list during this user's trip. */
export const useNewWhileShopping = create<NewWhileShopping>()((set) => ({
  ids: new Set(),
  add: (productId) => set((state) => ({ ids: new Set([...state.ids, productId]) })),
  clear: () => set({ ids: new Set() }),
}));
