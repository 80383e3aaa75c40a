// Radix's dialog code (about 13 KB of JavaScript gzipped) stays out of home's first load, whose
// budget is 150 KB (issue 15): a dialog's body loads on its first opening, and every dialog's body
// once the first screen has shown (lib/first-screen.ts), so later a dialog opens at once. The
// service worker precaches every chunk, so a dialog still opens offline; if its code cannot be
// fetched yet (offline before the precache finished), it is tried again when the connection
// returns, and the screen behind stays as it is rather than giving way to an error page.
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { afterFirstScreen } from '../../lib/first-screen.js';
import { importWhenReachable } from '../../lib/import-when-reachable.js';

/**
 * The component `load` resolves to, loaded on its first render, or once the first screen has
 * shown, whichever comes first. Made once, at a module's top level.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  // A failed preload is tried again on the first opening, and from then on until it arrives.
  afterFirstScreen(() => load().catch(() => {}));
  return lazy(() => importWhenReachable(load).then((component) => ({ default: component })));
}

/**
 * Renders nothing until `open` is first true, then its children, from then on (a closing dialog
 * keeps its body for its exit). Nothing shows while a body loads: a dialog whose content can take
 * a while shows its own spinner.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!open && !opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
