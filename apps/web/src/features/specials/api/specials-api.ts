// A store's whole specials list, a page at a time (biggest saving first).
import type { SpecialsPage } from '@kete/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const SPECIALS_PAGE_SIZE = 30;

export const specialsPagesQuery = (shortCode: string, storeId: number) =>
  infiniteQueryOptions({
    queryKey: ['specials', shortCode, storeId],
    queryFn: ({ pageParam }) =>
      api.request<SpecialsPage>(
        `/api/${encodeURIComponent(shortCode)}/stores/${storeId}/specials?page=${pageParam}&pageSize=${SPECIALS_PAGE_SIZE}`,
        { loading: false },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.count ? last.page + 1 : undefined),
  });
