// Start-up that returns to the workspace the shopper was in. A reload of a workspace page
// (`returning`) reopens the last workspace; a fresh start (/a/start) loads the shopper's own, as
// the spec says. With no connection, the last data seen is used, so the app opens offline.
import type { InitialData, SwitchResponse } from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { lastWorkspace } from './last-workspace.js';

export async function startWhereYouWere(
  returning: boolean,
  start: () => Promise<InitialData>,
): Promise<InitialData> {
  const last = lastWorkspace();
  try {
    if (returning && last) {
      const path = `/api/init/switch/${encodeURIComponent(last.workspace.shortCode)}`;
      const result = await api.post<SwitchResponse>(path, undefined, { quiet: true });
      if (!('workspace_unknown' in result)) return result;
      // No longer a member there: the shopper's own workspace, as on a fresh start.
    }
    return await api.post<InitialData>('/api/init/start', undefined, { quiet: true });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 0 && last) return last;
    if (error instanceof ApiRequestError && error.routed) throw error;
    // Anything else goes the usual way, which shows its own error pages.
    return start();
  }
}
