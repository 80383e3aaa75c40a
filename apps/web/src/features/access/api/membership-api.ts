// The signed-in person's own access to a workspace (decision 0017): accepting an invitation,
// declining it, leaving. A 403 (the Owner took the invitation back meanwhile) is the caller's to
// show, not the forbidden page.
import type { WorkspaceRef } from '@kete/shared';
import { api } from '../../../lib/api-client.js';

const mePath = (shortCode: string) => `/api/${encodeURIComponent(shortCode)}/access/me`;

export const acceptInvitation = (shortCode: string) =>
  api.post<WorkspaceRef>(mePath(shortCode), undefined, { handles: [403] });

/** Declines an invitation, or leaves a workspace one is a Shared member of. */
export const giveUpWorkspace = (shortCode: string) =>
  api.request<void>(mePath(shortCode), { method: 'DELETE', handles: [403] });
