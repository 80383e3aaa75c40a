// Server state (everything fetched per screen) lives in TanStack Query. The API client already
// routes errors and refreshes tokens, so queries do not retry on their own. It also decides what
// happens with no connection (a shopping-list edit is kept in the outbox and answered at once, a
// read is answered with what this device kept, decision 0017), so queries and mutations always
// run: TanStack's default ('online') paused them offline, which left 'Update shopping list' grey
// with its sheet open and the edit never saved, and a screen opened offline blank (issues 35, 37).
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
