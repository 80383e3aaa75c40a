import type { InitialData } from '@kete/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDrawerStore } from '../features/shell/drawer-store.js';
import { queryClient } from './query-client.js';
import { beginSession, resetWorkspaceState } from './reset-app-state.js';
import { useSessionStore } from './session-store.js';
import { useWorkspaceStore } from './workspace-store.js';

const someonesData = { accessLevel: 0, workspace: { shortCode: 'theirs', sharedName: null } } as InitialData;

describe('state left behind', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().setSession({ access_token: 'a-access', refresh_token: 'a-refresh' });
    useWorkspaceStore.getState().setData(someonesData);
    queryClient.setQueryData(['cart'], [{ product: { id: 1 }, quantity: 2 }]);
    useDrawerStore.getState().open({ kind: 'list', listId: 7 });
  });

  it('is gone when someone else signs in on the same device, and only the new session remains', () => {
    beginSession({ access_token: 'b-access', refresh_token: 'b-refresh' });
    expect(queryClient.getQueryData(['cart'])).toBeUndefined();
    expect(useWorkspaceStore.getState().data).toBeNull();
    expect(useDrawerStore.getState().drawer).toBeNull();
    expect(useSessionStore.getState().session?.access_token).toBe('b-access');
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}').refresh_token).toBe('b-refresh');
  });

  it('of the previous workspace is gone after a switch, but the session stays', () => {
    resetWorkspaceState();
    expect(queryClient.getQueryData(['cart'])).toBeUndefined();
    expect(useDrawerStore.getState().drawer).toBeNull();
    expect(useSessionStore.getState().session?.access_token).toBe('a-access');
  });
});
