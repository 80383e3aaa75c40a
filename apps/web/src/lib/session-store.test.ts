import { beforeEach, describe, expect, it } from 'vitest';
import { reloadSessionFromStorage, SESSION_KEY, useSessionStore } from './session-store.js';

describe('the session store', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSessionFromStorage();
  });

  it("saves the session as JSON under 'auth' when set and removes it when cleared", () => {
    useSessionStore.getState().setSession({ access_token: 'a', refresh_token: 'r' });
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '')).toEqual({
      access_token: 'a',
      refresh_token: 'r',
    });
    useSessionStore.getState().clearSession();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(useSessionStore.getState().session).toBeNull();
  });

  it('reads a stored session back, and treats corrupt storage as no session', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    reloadSessionFromStorage();
    expect(useSessionStore.getState().session?.refresh_token).toBe('r');
    localStorage.setItem(SESSION_KEY, '{not json');
    reloadSessionFromStorage();
    expect(useSessionStore.getState().session).toBeNull();
  });
});
