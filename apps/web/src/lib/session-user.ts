// Who is signed in on this device, as the subject of their access token (the user's id). What the
// device keeps for offline use is filed under it (features/offline, decision 0017), so one
// person's kept answers are never another's. Read from the token, not asked of the server: it is
// needed with no connection. The token's signature is the server's business, not checked here.
import { useSessionStore } from './session-store.js';

/** The payload's `sub` of a JWT, or null for anything that is not one. */
export function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** The signed-in user's id on this device, or null when no one is. */
export function sessionUser(): string | null {
  const token = useSessionStore.getState().session?.access_token;
  return token ? tokenSubject(token) : null;
}
