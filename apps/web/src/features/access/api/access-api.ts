// Sharing the workspace (Owner with the AccessList feature): grant, list and revoke by e-mail.
import type { AccessGrant } from '@kete/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

const accessPath = (shortCode: string) => `/api/${encodeURIComponent(shortCode)}/access`;

export const grantAccess = (shortCode: string, email: string) =>
  api.post<AccessGrant>(accessPath(shortCode), { email });

export const revokeAccess = (shortCode: string, email: string) =>
  api.request<void>(`${accessPath(shortCode)}/${encodeURIComponent(email)}`, { method: 'DELETE' });

export const accessGrantsQuery = (shortCode: string) =>
  queryOptions({
    queryKey: ['access', shortCode],
    queryFn: () => api.request<AccessGrant[]>(accessPath(shortCode), { loading: false }),
  });
