import type { Statistics } from '@kete/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** The counts for the workspace on screen (its shortCode is in the key: a switch never shows the
 * previous workspace's counts against the new one's stores). */
export const statisticsQuery = (shortCode: string) =>
  queryOptions({
    queryKey: ['statistics', shortCode],
    queryFn: () =>
      api.request<Statistics>(`/api/statistics?workspace=${encodeURIComponent(shortCode)}`, {
        loading: false,
      }),
  });
