import type { InitialData, Store } from '@kete/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { SpecialsCards } from './specials-cards.js';

const store = (id: number, name: string): Store => ({ id, name, type: 1, latitude: null, longitude: null });
const willis = store(1, 'New World Metro Willis St');
const karori = store(2, 'New World Karori');
const product = (id: number) => ({ id, name: `Product ${id}`, imageUrl: null, bestPrice: 199 });

function loadWorkspace(specials: InitialData['specials']) {
  useWorkspaceStore.getState().setData({
    member: { displayName: 'Aroha', email: 'a@example.co.nz', features: [] },
    stores: { all: [willis, karori], workspace: [willis, karori] },
    accessLevel: 0,
    workspace: { shortCode: 'abc', sharedName: null },
    sharedWorkspaces: [],
    favourites: [],
    specials,
    lists: [],
    demoCatalogue: false,
  });
}

afterEach(() => {
  cleanup();
  useDrawerStore.getState().closeAll();
});

describe('the specials cards', () => {
  it('shows up to 4 products a card and opens that store’s specials when tapped', () => {
    loadWorkspace([{ store: willis, products: [1, 2, 3, 4, 5].map(product), count: 12 }]);
    render(<SpecialsCards />);
    const card = screen.getByRole('button', { name: 'New World Metro Willis St 12 specials' });
    expect(card.querySelectorAll('[data-product-image]')).toHaveLength(4);
    fireEvent.click(card);
    expect(useDrawerStore.getState().drawer).toEqual({ kind: 'specials', storeId: 1 });
  });

  it('greys a store with no specials (or no card at all), and tapping it opens nothing', () => {
    loadWorkspace([{ store: willis, products: [product(1)], count: 1 }]);
    render(<SpecialsCards />);
    const empty = screen.getByRole('button', { name: 'New World Karori No specials right now' });
    expect((empty as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(empty);
    expect(useDrawerStore.getState().drawer).toBeNull();
    screen.getByRole('button', { name: 'New World Metro Willis St 1 special' });
  });

  it('names each product (brand and size too) and keeps the picks while the page is open', () => {
    const named = (id: number) => ({ ...product(id), brand: 'Mainland', displayUnits: '1kg' });
    loadWorkspace([{ store: willis, products: [1, 2, 3, 4].map(named), count: 12 }]);
    const { container } = render(<SpecialsCards />);
    const tiles = () => [...container.querySelectorAll('[data-special-tile]')].map((t) => t.textContent);
    expect(tiles()).toEqual([1, 2, 3, 4].map((id) => `Product ${id}Mainland · 1kg$1.99`));
    // The start-up data comes again with other random picks: the tiles stay as they were.
    act(() => loadWorkspace([{ store: willis, products: [5, 6, 7, 8].map(named), count: 11 }]));
    expect(container.textContent).toContain('11 specials');
    expect(tiles()).toEqual([1, 2, 3, 4].map((id) => `Product ${id}Mainland · 1kg$1.99`));
  });
});
