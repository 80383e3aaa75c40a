// What a change means for what the app shows. Live events and offline replay both end here, so a
// screen never needs to know where a change came from (ARCHITECTURE: web features live/offline).
import type { InitialData, SwitchResponse, WorkspaceTopic } from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { queryClient } from '../../lib/query-client.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

/** Query keys that hold the shopping list (the cart and plans computed from it). */
const CART_KEYS = [['cart'], ['cart-plan']] as const;

let reloadTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Favourites, list names, stores and the shared name live in the start-up data: load it afresh for
 * the open workspace (a burst of changes is one reload).
 */
export function reloadWorkspaceData(delayMs = 150): void {
  if (reloadTimer) return;
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    const shortCode = useWorkspaceStore.getState().data?.workspace.shortCode;
    if (!shortCode) return;
    api
      .post<SwitchResponse>(`/api/init/switch/${encodeURIComponent(shortCode)}`, undefined, {
        loading: false,
        quiet: true,
      })
      .then((result) => {
        if ('workspace_unknown' in result) return;
        // Only if the shopper is still in that workspace.
        if (useWorkspaceStore.getState().data?.workspace.shortCode === shortCode) {
          useWorkspaceStore.getState().setData(result as InitialData);
        }
      })
      .catch(() => {
        // Offline or refused: what is shown stays, and the next change or reconnect tries again.
      });
  }, delayMs);
}

export function refreshAfterChange(topic: WorkspaceTopic | 'everything'): void {
  if (topic === 'cart') {
    for (const queryKey of CART_KEYS) void queryClient.invalidateQueries({ queryKey });
    return;
  }
  void queryClient.invalidateQueries();
  reloadWorkspaceData();
}
