// Server state (everything fetched per screen) lives in TanStack Query. The API client already
// routes errors and refreshes tokens, so queries do not retry on their own.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
