// App-wide providers: TanStack Query for server state, and the global loading bar.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingBar } from '../components/ui/loading-bar.js';
import { OfflineRoot } from '../features/offline/offline-root.js';
import { queryClient } from '../lib/query-client.js';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadingBar />
      <OfflineRoot />
      {children}
    </QueryClientProvider>
  );
}
