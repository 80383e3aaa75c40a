import type { InitialData } from '@kete/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { installMatchMedia } from '../../test/dom.js';
import { shouldShowCartButton } from './cart-button.js';
import { useDrawerStore } from './drawer-store.js';
import { WorkspaceShell } from './workspace-shell.js';

const store = { id: 7, name: 'New World Thorndon', type: 1 as const, latitude: null, longitude: null };

function loadWorkspace(stores: (typeof store)[]) {
  useWorkspaceStore.getState().setData({
    member: { displayName: 'Aroha', email: 'a@example.co.nz', features: [] },
    stores: { all: [store], workspace: stores },
    accessLevel: 0,
    workspace: { shortCode: 'abc', sharedName: null },
    sharedWorkspaces: [],
    favourites: [],
    specials: [],
    lists: [],
    demoCatalogue: false,
  } satisfies InitialData);
}

function renderShellAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/w',
        element: <WorkspaceShell />,
        children: ['home', 'search', 'lists', 'cart'].map((p) => ({ path: p, element: <h1>{p}</h1> })),
      },
    ],
    { initialEntries: [path] },
  );
  // Drawer views fetch with TanStack Query, as the app's providers allow.
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(() => installMatchMedia());
beforeEach(() => {
  useDrawerStore.getState().closeAll();
  loadWorkspace([store]);
});
afterEach(cleanup);

describe('the /w shell', () => {
  it('shows the floating shopping-list button, except on /w/cart and with no workspace stores', () => {
    renderShellAt('/w/home');
    expect(screen.getByRole('link', { name: 'Shopping list' }).getAttribute('href')).toBe('/w/cart');
    expect(shouldShowCartButton('/w/cart', 3)).toBe(false);
    expect(shouldShowCartButton('/w/home', 0)).toBe(false);
    expect(shouldShowCartButton('/w/search', 1)).toBe(true);
  });

  it('hides the shopping-list button on the cart screen', () => {
    renderShellAt('/w/cart');
    expect(screen.queryByRole('link', { name: 'Shopping list' })).toBeNull();
  });

  it('hides the shopping-list button while the workspace has no stores', () => {
    loadWorkspace([]);
    renderShellAt('/w/home');
    expect(screen.queryByRole('link', { name: 'Shopping list' })).toBeNull();
  });

  it('shows a close button only while a drawer is open, and it closes the drawer', async () => {
    renderShellAt('/w/home');
    expect(screen.queryByRole('button', { name: 'Close drawer' })).toBeNull();
    act(() => useDrawerStore.getState().open({ kind: 'favourites' }));
    expect(await screen.findByRole('heading', { name: 'Favourites' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(useDrawerStore.getState().drawer).toBeNull();
  });

  it('closes every drawer when the bottom navigation is used', async () => {
    const router = renderShellAt('/w/home');
    act(() => useDrawerStore.getState().open({ kind: 'list', listId: 4 }));
    await screen.findByRole('button', { name: 'Close drawer' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(nav.querySelector('a[href="/w/search"]') as HTMLElement);
    expect(useDrawerStore.getState().drawer).toBeNull();
    expect(router.state.location.pathname).toBe('/w/search');
  });
});
