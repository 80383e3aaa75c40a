// Route guards (spec section 2): no session -> /login; a session without loaded data -> /a/start;
// features gate their routes. They read the zustand stores, so a sign-out anywhere re-routes.
import type { Feature } from '@kete/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionStore } from '../lib/session-store.js';
import { useWorkspaceStore } from '../lib/workspace-store.js';

export function RequireSession({ children }: { children?: ReactNode }) {
  const signedIn = useSessionStore((s) => s.session !== null);
  if (!signedIn) return <Navigate to="/login" replace />;
  return children ?? <Outlet />;
}

export function RequireData() {
  const loaded = useWorkspaceStore((s) => s.data !== null);
  const location = useLocation();
  // A reload of /w/cart in the aisle should come back to the shopping list, not to home: start-up
  // carries the page asked for and returns to it (a plain visit to /a/start still goes home).
  const returnTo = `${location.pathname}${location.search}`;
  if (!loaded) return <Navigate to="/a/start" replace state={{ returnTo }} />;
  return <Outlet />;
}

export function RequireFeature({ feature, children }: { feature: Feature; children: ReactNode }) {
  const enabled = useWorkspaceStore((s) => s.data?.member.features.includes(feature) ?? false);
  if (!enabled) return <Navigate to="/w/home" replace />;
  return children;
}

/** '/': content not shown, only a redirect to wherever the user belongs now. */
export function RootRedirect() {
  const signedIn = useSessionStore((s) => s.session !== null);
  const loaded = useWorkspaceStore((s) => s.data !== null);
  return <Navigate to={!signedIn ? '/login' : loaded ? '/w/home' : '/a/start'} replace />;
}
