// /a and /a/start: loads the initial data, then after 500 ms goes to /w/home (or back to the
// workspace page the guard sent us here from); failure -> /login.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isOfflineFailure } from '../../components/ui/not-available-offline.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { preloadPage } from '../../lib/navigation.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { startSession } from '../auth/api/identity-api.js';
import { startWhereYouWere } from '../offline/start-where-you-were.js';
import { takeEarlyStart } from './early-start.js';
import { OfflineStart, offlineWithNothingKept } from './offline-start.js';
import { waitUntil } from './redirect-delay.js';
import { Splash } from './splash.js';

/** A failure the API client already routed (network, 5xx, refused session) keeps its page. */
export const alreadyRouted = (error: unknown) => error instanceof ApiRequestError && error.routed;

/** Where start-up lands: the workspace page that was asked for, else home. */
export function landingAfterStart(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/w/') ? returnTo : '/w/home';
}

export function StartPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const landing = landingAfterStart(state);
  // A reload of a workspace page reopens the workspace the shopper was in (issue 14).
  const returning = typeof (state as { returnTo?: unknown } | null)?.returnTo === 'string';
  // No connection and nothing kept of the workspace: say so, and start again when asked or online.
  const [offline, setOffline] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setOffline(false);
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    void attempt;
    let active = true;
    const startedAt = Date.now();
    // The screen start-up lands on loads meanwhile (app/pages.tsx); it is there before we go.
    const screen = preloadPage(landing);
    (takeEarlyStart(returning) ?? startWhereYouWere(returning, startSession))
      .then(async (data) => {
        if (!active) return;
        useWorkspaceStore.getState().setData(data);
        await Promise.all([waitUntil(startedAt), screen]);
        if (active) navigate(landing, { replace: true });
      })
      .catch((error: unknown) => {
        if (!active || alreadyRouted(error)) return;
        if (offlineWithNothingKept(error)) setOffline(true);
        else navigate(isOfflineFailure(error) ? '/e/network' : '/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate, landing, returning, attempt]);
  if (offline) return <OfflineStart onRetry={retry} />;
  return <Splash message="Getting your Kete ready…" />;
}
