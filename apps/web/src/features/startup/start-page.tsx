// /a and /a/start: loads the initial data, then after 500 ms goes to /w/home; failure -> /login.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../lib/api-errors.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { startSession } from '../auth/api/identity-api.js';
import { waitUntil } from './redirect-delay.js';
import { Splash } from './splash.js';

/** A failure the API client already routed (network, 5xx, refused session) keeps its page. */
export const alreadyRouted = (error: unknown) => error instanceof ApiRequestError && error.routed;

export function StartPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    const startedAt = Date.now();
    startSession()
      .then(async (data) => {
        if (!active) return;
        useWorkspaceStore.getState().setData(data);
        await waitUntil(startedAt);
        if (active) navigate('/w/home', { replace: true });
      })
      .catch((error: unknown) => {
        if (active && !alreadyRouted(error)) navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <Splash message="Getting your Kete ready…" />;
}
