// Start-up that returns to the workspace the shopper was in. A reload of a workspace page
// (`returning`) reopens the last workspace; a fresh start (/a/start) loads the shopper's own, as
// the spec says. With no connection the API client answers with the start-up data this device
// kept for that user and workspace (kept-answers.ts); with none kept it fails as offline (status
// 0), and start-up says the list is not available offline yet rather than opening another one.
import type { InitialData, SwitchResponse } from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { switchPathOf } from './kept-paths.js';
import { lastWorkspaceCode } from './last-workspace.js';

export async function startWhereYouWere(
  returning: boolean,
  start: () => Promise<InitialData>,
): Promise<InitialData> {
  const last = returning ? lastWorkspaceCode() : null;
  try {
    if (last) {
      const result = await api.post<SwitchResponse>(switchPathOf(last), undefined, { quiet: true });
      if (!('workspace_unknown' in result)) return result;
      // No longer a member there: the shopper's own workspace, as on a fresh start.
    }
    return await api.post<InitialData>('/api/init/start', undefined, { quiet: true });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.routed || error.status === 0)) throw error;
    // Anything else goes the usual way, which shows its own error pages.
    return start();
  }
}
