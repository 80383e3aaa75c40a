// What a change means for what the app shows. Live events and offline replay both end here, so a
// screen never needs to know where a change came from (ARCHITECTURE: web features live/offline).
import type { InitialData, SwitchResponse, WorkspaceTopic } from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { queryClient } from '../../lib/query-client.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

/** The shopping list's query. The plans follow it: their key is the list's content (plan-api.ts). */
const CART_KEY = ['cart'] as const;
/** Plans: asked again only when the list they are keyed by changes, or the stores do. */
const PLAN_KEY = 'cart-plan';
/** Changes heard within this long of each other are one refresh. */
export const COALESCE_MS = 200;

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

type Refresh = WorkspaceTopic | 'everything';
const MEALS_TOPICS = new Set<Refresh>(['recipes', 'meals', 'pantry']);
const pending = new Set<Refresh>();
let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Refreshes what a change touched. Changes heard together (a list put on the shopping list, an
 * offline queue replayed, a reconnect) are one refresh of each query: never a request per event.
 */
export function refreshAfterChange(topic: Refresh): void {
  pending.add(topic);
  if (!refreshTimer) refreshTimer = setTimeout(refreshPending, COALESCE_MS);
}

function refreshPending(): void {
  refreshTimer = null;
  const topics = [...pending];
  pending.clear();
  if (topics.every((topic) => MEALS_TOPICS.has(topic))) {
    // Recipes, the meal plan and the pantry are their own queries; the start-up data holds none.
    // A recipe's cost shows in the plan too, so recipes refresh the plan as well.
    for (const topic of topics) void queryClient.invalidateQueries({ queryKey: [topic] });
    if (topics.includes('recipes')) void queryClient.invalidateQueries({ queryKey: ['meals'] });
    return;
  }
  if (topics.every((topic) => topic === 'cart')) {
    // A plan is keyed by the list's content: it asks again by itself if the list really changed.
    void queryClient.invalidateQueries({ queryKey: CART_KEY });
    return;
  }
  // A plan depends on the stores too; other changes (favourites, lists, names) leave it as it is.
  // The household's groups of the same product (issue 33) change what a plan buys.
  const plans = topics.includes('stores') || topics.includes('equivalents') || topics.includes('everything');
  void queryClient.invalidateQueries({ predicate: (query) => plans || query.queryKey[0] !== PLAN_KEY });
  reloadWorkspaceData();
}
