// The signed-in session (spec section 3): {access_token, refresh_token}, kept in localStorage under
// 'auth' as JSON — saved when set, removed when cleared — so a reload stays signed in.
import type { Session } from '@kete/shared';
import { create } from 'zustand';

export const SESSION_KEY = 'auth';

// A plain check rather than the zod schema: it keeps zod out of the first-load bundle.
function asSession(value: unknown): Session | null {
  const v = value as Partial<Session> | null;
  return typeof v?.access_token === 'string' && typeof v.refresh_token === 'string'
    ? { access_token: v.access_token, refresh_token: v.refresh_token }
    : null;
}

export function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    return asSession(JSON.parse(raw));
  } catch {
    // Unreadable storage (private mode, corrupt JSON) is the same as no session.
    return null;
  }
}

interface SessionState {
  session: Session | null;
  setSession(session: Session): void;
  clearSession(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  session: readStoredSession(),
  setSession(session) {
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    set({ session });
  },
  clearSession() {
    localStorage.removeItem(SESSION_KEY);
    set({ session: null });
  },
}));

/** Re-reads localStorage: for tests and for a session changed in another tab. */
export function reloadSessionFromStorage(): void {
  useSessionStore.setState({ session: readStoredSession() });
}

// Another tab that refreshed the tokens or signed out writes 'auth': follow it, so every tab uses
// the newest refresh token (an old one presented again revokes the whole chain on the server).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) reloadSessionFromStorage();
  });
}
