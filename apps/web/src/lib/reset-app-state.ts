// Signing out (or a refused refresh) forgets everything: session, workspace data (access level
// back to None), cached server state, this device's local settings and recent searches, and UI
// state registered here by features.
import type { Session } from '@kete/shared';
import { queryClient } from './query-client.js';
import { useSessionStore } from './session-store.js';
import { useWorkspaceStore } from './workspace-store.js';

const resetters = new Set<() => void>();
const workspaceResetters = new Set<() => void>();

/** Features with their own state (e.g. the drawers) register how to reset it. */
export function onAppReset(reset: () => void): void {
  resetters.add(reset);
}

/** State that belongs to one workspace (an open drawer showing its list) is also reset on a switch. */
export function onWorkspaceChange(reset: () => void): void {
  workspaceResetters.add(reset);
}

/** A switch of workspace: nothing cached or open for the previous one may show in the next. */
export function resetWorkspaceState(): void {
  queryClient.clear();
  for (const reset of workspaceResetters) reset();
}

export function resetAppState(): void {
  // Sign-out, a session the server ended, or someone else signing in on this device. Loaded on
  // demand: the local database is not part of the first load.
  void import('./local-db.js').then((db) => db.forgetDeviceData());
  useSessionStore.getState().clearSession();
  useWorkspaceStore.getState().reset();
  resetWorkspaceState();
  for (const reset of resetters) reset();
}

/** A new sign-in: whoever was signed in on this device before leaves nothing behind. */
export function beginSession(session: Session): void {
  resetAppState();
  useSessionStore.getState().setSession(session);
}
