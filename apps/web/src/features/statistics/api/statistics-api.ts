import type { Statistics } from '@kete/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const statisticsQuery = () =>
  queryOptions({
    queryKey: ['statistics'],
    queryFn: () => api.request<Statistics>('/api/statistics', { loading: false }),
  });
