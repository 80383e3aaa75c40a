// Screens and drawer views load on first use, so the first load of /w/home carries only what home
// needs (issue 6: at most 200 KB of JavaScript gzipped). The delayed spinner covers a slow fetch.
import { type ReactNode, Suspense } from 'react';
import { DelayedSpinner } from '../../components/ui/spinner.js';

export function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<DelayedSpinner />}>{children}</Suspense>;
}
