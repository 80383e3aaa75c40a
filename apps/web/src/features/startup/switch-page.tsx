// /a/switch/:shortCode: loads another workspace the user belongs to. An unknown shortCode is a
// failure (-> /login); success goes to /w/home once that workspace is current and 500 ms passed.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { preloadPage } from '../../lib/navigation.js';
import { resetWorkspaceState } from '../../lib/reset-app-state.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { switchWorkspace } from '../auth/api/identity-api.js';
import { OfflineStart, offlineWithNothingKept } from './offline-start.js';
import { waitUntil } from './redirect-delay.js';
import { Splash } from './splash.js';
import { alreadyRouted } from './start-page.js';

export function SwitchPage() {
  const { shortCode = '' } = useParams();
  const navigate = useNavigate();
  // A notification's tap names the screen to open (issue 35); only a /w screen of the app.
  const to = new URLSearchParams(useLocation().search).get('to');
  const landing = to && /^\/w\/[\w/-]*$/.test(to) ? to : '/w/home';
  // No connection and nothing kept of that workspace: say so (decision 0017).
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
    const screen = preloadPage(landing);
    switchWorkspace(shortCode)
      .then(async (result) => {
        if (!active) return;
        if ('workspace_unknown' in result) {
          navigate('/login', { replace: true });
          return;
        }
        // Server state cached, and drawers open, for the previous workspace must not show in this one.
        resetWorkspaceState();
        useWorkspaceStore.getState().setData(result);
        await Promise.all([waitUntil(startedAt), screen]);
        if (active && useWorkspaceStore.getState().data?.workspace.shortCode === shortCode) {
          navigate(landing, { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (!active || alreadyRouted(error)) return;
        if (offlineWithNothingKept(error)) setOffline(true);
        else navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [navigate, shortCode, attempt, landing]);
  if (offline) return <OfflineStart onRetry={retry} />;
  return <Splash message="Switching lists…" />;
}
