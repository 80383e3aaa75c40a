// Everything offline, started once for the whole app: the outbox and its replay, the API client's
// offline hooks, the answers kept for offline starts and screens, the last workspace for reloads,
// the offline indicator and the update prompt; and sign-out's wipe of all of it (decision 0017).
import { type ComponentType, useEffect, useState } from 'react';
import { registerOfflineHooks } from '../../lib/api-client.js';
import { afterFirstScreen, firstScreenFallback } from '../../lib/first-screen.js';
import { importWhenReachable } from '../../lib/import-when-reachable.js';
import { onAppReset } from '../../lib/reset-app-state.js';
import { forgetLegacyStores, wipeDevice } from './device-wipe.js';
import { startKeeping } from './kept-answers.js';
import { rememberWorkspace } from './last-workspace.js';
import { offlineHooks } from './offline-hooks.js';
import { OfflineIndicator } from './offline-indicator.js';
import { clearOutbox, startOutbox } from './outbox.js';

let started = false;

export function startOffline(): void {
  if (started) return;
  started = true;
  registerOfflineHooks(offlineHooks);
  firstScreenFallback();
  rememberWorkspace();
  startKeeping();
  startOutbox();
  afterFirstScreen(forgetLegacyStores);
  // Sign-out: the next person on this phone must not see this one's lists, even offline.
  onAppReset(() => {
    clearOutbox();
    void wipeDevice();
  });
}

export function OfflineRoot() {
  // The service worker registers once the first screen has shown: its download of the whole app
  // must not slow that screen down on a slow link. Its code comes then too; if it cannot (no
  // connection yet), the page carries on without it and it is fetched when the connection is back.
  const [UpdatePrompt, setUpdatePrompt] = useState<ComponentType | null>(null);
  useEffect(() => {
    const gone = new AbortController();
    afterFirstScreen(() =>
      importWhenReachable(() => import('./update-prompt.js'), { signal: gone.signal }).then((module) =>
        setUpdatePrompt(() => module.UpdatePrompt),
      ),
    );
    return () => gone.abort();
  }, []);
  return (
    <>
      <OfflineIndicator />
      {UpdatePrompt && <UpdatePrompt />}
    </>
  );
}
