// The sign-in and start-up calls. 429 (too many codes) is shown on the form, not on /e/500.
import type { InitialData, Session, SwitchResponse } from '@kete/shared';
import { api } from '../../../lib/api-client.js';

export const requestCode = (email: string) =>
  api.post<{ ok: true }>('/api/identity/email', { email }, { handles: [429] });

/** 403: KETE_SIGNUP=invite and this address was never invited; the code screen offers to ask. */
export const signInWithCode = (email: string, passcode: string) =>
  api.post<Session>('/api/identity/passcode', { email, passcode }, { handles: [403, 429] });

/** Asks the operator to let this address use Kete (spec section 7: POST /api/access {email}). */
export const requestAccess = (email: string) =>
  api.post<{ ok: true }>('/api/access', { email }, { handles: [429] });

export const startSession = () => api.post<InitialData>('/api/init/start');

export const switchWorkspace = (shortCode: string) =>
  api.post<SwitchResponse>(`/api/init/switch/${encodeURIComponent(shortCode)}`);

/** Sign-out proceeds whatever the server says, so this never navigates on failure. */
export const logout = (refreshToken: string) =>
  api.post<void>('/api/identity/logout', { refresh_token: refreshToken }, { quiet: true, loading: false });
