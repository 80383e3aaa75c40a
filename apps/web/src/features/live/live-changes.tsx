// Keeps the open workspace live: one event stream while a /w screen is shown, other members'
// changes refresh the caches at once and show who did what; a reconnect refreshes everything.
// This tab's own changes come back as events too: it ignores them (it already shows them).
import { describeWorkspaceEvent } from '@kete/shared';
import { useEffect } from 'react';
import { api } from '../../lib/api-client.js';
import { clientId } from '../../lib/client-id.js';
import { useSessionStore } from '../../lib/session-store.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { tripChange } from '../household/trip-events.js';
import { connectLive } from './live-connection.js';
import { LiveToast, useLiveToast } from './live-toast.js';
import { refreshAfterChange } from './refresh-workspace.js';

export function LiveChanges() {
  const shortCode = useWorkspaceStore((s) => s.data?.workspace.shortCode);
  useEffect(() => {
    if (!shortCode) return;
    return connectLive(shortCode, {
      token: () => useSessionStore.getState().session?.access_token ?? null,
      onChange(event, mine) {
        // This tab's own change: it shows it already (and a plan would be asked for again).
        if (event.client === clientId) return;
        if (tripChange(event)) {
          if (!mine) useLiveToast.getState().show(describeWorkspaceEvent(event));
          return;
        }
        refreshAfterChange(event.topic);
        if (!mine) useLiveToast.getState().show(describeWorkspaceEvent(event));
      },
      onResync: () => refreshAfterChange('everything'),
      // Any request renews an expired token through the API client's shared refresh.
      renewSession: () =>
        api.request(`/api/${encodeURIComponent(shortCode)}/cart`, { loading: false }).then(
          () => true,
          () => false,
        ),
      // Refreshing makes the screens' own requests meet the 403 and show the forbidden page.
      onForbidden: () => refreshAfterChange('everything'),
    });
  }, [shortCode]);
  return <LiveToast />;
}
