// Everything offline, started once for the whole app: the outbox and its replay, the API client's
// offline hooks, the last workspace kept for reloads, the offline indicator and the update prompt.
import { registerOfflineHooks } from '../../lib/api-client.js';
import { onAppReset } from '../../lib/reset-app-state.js';
import { API_CACHE } from './cache-names.js';
import { forgetLastWorkspace, rememberWorkspace } from './last-workspace.js';
import { offlineHooks } from './offline-hooks.js';
import { OfflineIndicator } from './offline-indicator.js';
import { clearOutbox, startOutbox } from './outbox.js';
import { UpdatePrompt } from './update-prompt.js';

let started = false;

export function startOffline(): void {
  if (started) return;
  started = true;
  registerOfflineHooks(offlineHooks);
  rememberWorkspace();
  void startOutbox();
  // Sign-out: the next person on this phone must not see this one's lists, even offline.
  onAppReset(() => {
    forgetLastWorkspace();
    clearOutbox();
    if ('caches' in window) void caches.delete(API_CACHE);
  });
}

export function OfflineRoot() {
  return (
    <>
      <OfflineIndicator />
      <UpdatePrompt />
    </>
  );
}
