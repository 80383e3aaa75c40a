// /logout: tells the server, forgets everything locally (whatever the server said), then goes to
// /login, checking every 500 ms that the session is really gone.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { resetAppState } from '../../lib/reset-app-state.js';
import { useSessionStore } from '../../lib/session-store.js';
import { logout } from '../auth/api/identity-api.js';
import { forgetPushHere } from '../household/push-client.js';
import { REDIRECT_DELAY_MS } from './redirect-delay.js';
import { Splash } from './splash.js';

export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const refreshToken = useSessionStore.getState().session?.refresh_token;
    // This device's notifications go first, while the session can still remove them (issue 35).
    forgetPushHere()
      .then(() => (refreshToken ? logout(refreshToken) : undefined))
      .catch(() => undefined)
      .finally(resetAppState);
    const timer = setInterval(() => {
      if (!useSessionStore.getState().session) navigate('/login', { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearInterval(timer);
  }, [navigate]);
  return <Splash message="Signing out…" />;
}
