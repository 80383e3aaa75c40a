// Issue 33: a plan row bought at a stale price shows the calm marker the shopping list and search
// rows use ('Checked 12 days ago'); a fresh one shows none.
import type { CartItem, PlanStore, Price, Store } from '@kete/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { PlanStoreGroup } from './plan-store-group.js';

const DAY = 86_400_000;
const store: Store = { id: 7, name: 'New World Thorndon', type: 1, latitude: null, longitude: null };
const priced = (storeId: number, price: number, ageMs: number): Price => ({
  storeId,
  price,
  basePrice: price,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
  seenAt: Date.now() - ageMs,
});
const item = (id: number, prices: Price[]): CartItem => ({
  product: {
    id,
    name: `Product ${id}`,
    brand: null,
    imageUrl: null,
    displayUnits: null,
    saleType: 0,
    minimumQuantity: 1,
    minimumIncrement: 1,
    bestPrice: 300,
    highestPrice: 300,
    prices,
  },
  quantity: 1,
});

afterEach(cleanup);

describe('a plan store group (issue 33)', () => {
  beforeEach(() => {
    useWorkspaceStore.getState().setData({
      member: { displayName: 'Aroha', email: 'a@example.co.nz', features: [] },
      stores: { all: [store], workspace: [store] },
      accessLevel: 0,
      workspace: { shortCode: 'abc', sharedName: null },
      sharedWorkspaces: [],
      favourites: [],
      specials: [],
      lists: [],
      demoCatalogue: false,
      staleDays: 8,
    });
  });

  it('marks the rows bought at a stale price, and only those', () => {
    const cart = [item(1, [priced(7, 300, 12 * DAY + 1000)]), item(2, [priced(7, 250, DAY)])];
    const planStore: PlanStore = {
      storeId: 7,
      subtotal: 550,
      items: [
        { productId: 1, quantity: 1, unitPrice: 300, lineTotal: 300, stale: true },
        { productId: 2, quantity: 1, unitPrice: 250, lineTotal: 250 },
      ],
    };
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PlanStoreGroup
            planStore={planStore}
            store={store}
            cart={cart}
            leaving={new Map()}
            onRemove={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const staleRow = container.querySelector('[data-cart-row="1"]');
    const freshRow = container.querySelector('[data-cart-row="2"]');
    expect(staleRow?.querySelector('[data-stale-marker]')?.textContent).toBe('Checked 12 days ago');
    expect(freshRow?.querySelector('[data-stale-marker]')).toBeNull();
  });

  it("shows the plan line's own age: 'Checked 9 days ago' though the list holds a fresher copy (issue 45)", () => {
    const cart = [item(1, [priced(7, 300, DAY)])];
    const planStore: PlanStore = {
      storeId: 7,
      subtotal: 300,
      items: [
        {
          productId: 1,
          quantity: 1,
          unitPrice: 300,
          lineTotal: 300,
          stale: true,
          seenAt: Date.now() - 9 * DAY - 1000,
        },
      ],
    };
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PlanStoreGroup
            planStore={planStore}
            store={store}
            cart={cart}
            leaving={new Map()}
            onRemove={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = container.querySelector('[data-cart-row="1"]');
    expect(row?.querySelector('[data-stale-marker]')?.textContent).toBe('Checked 9 days ago');
  });

  it('marks an any-brand alternative bought at a stale price in its note', () => {
    const listed = item(3, [priced(7, 400, DAY)]);
    const alternative = item(4, [priced(7, 280, 10 * DAY)]).product;
    const fresh = item(5, [priced(7, 260, DAY)]).product;
    const client = new QueryClient();
    client.setQueryData(['alternatives', 3], [{ ...alternative, name: 'Cheaper Tea' }]);
    client.setQueryData(['alternatives', 6], [{ ...fresh, name: 'Fresh Tea' }]);
    const other = { ...item(6, [priced(7, 390, DAY)]) };
    const planStore: PlanStore = {
      storeId: 7,
      subtotal: 540,
      items: [
        { productId: 4, quantity: 1, unitPrice: 280, lineTotal: 280, substituteFor: 3, stale: true },
        { productId: 5, quantity: 1, unitPrice: 260, lineTotal: 260, substituteFor: 6 },
      ],
    };
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PlanStoreGroup
            planStore={planStore}
            store={store}
            cart={[listed, other]}
            leaving={new Map()}
            onRemove={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const staleNote = container.querySelector('[data-substitute="4"]');
    const freshNote = container.querySelector('[data-substitute="5"]');
    expect(staleNote?.textContent).toContain('Cheaper Tea');
    expect(staleNote?.querySelector('[data-stale-marker]')?.textContent).toBe('Checked 10 days ago');
    expect(freshNote?.querySelector('[data-stale-marker]')).toBeNull();
  });

  it('says what each line moved to a store past the first saves there (issue 49)', () => {
    const cart = [item(1, [priced(7, 300, DAY)]), item(2, [priced(7, 250, DAY)])];
    const planStore: PlanStore = {
      storeId: 7,
      subtotal: 550,
      items: [
        { productId: 1, quantity: 1, unitPrice: 300, lineTotal: 300, cheaperBy: 120 },
        { productId: 2, quantity: 1, unitPrice: 250, lineTotal: 250 },
      ],
    };
    const shown = (movedHere: boolean) =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>
            <PlanStoreGroup
              planStore={planStore}
              store={store}
              cart={cart}
              leaving={new Map()}
              onRemove={() => {}}
              movedHere={movedHere}
            />
          </MemoryRouter>
        </QueryClientProvider>,
      ).container;
    const moved = shown(true);
    expect(moved.querySelector('[data-move-saving="1"]')?.textContent).toBe(
      '$1.20 cheaper at New World Thorndon',
    );
    expect(moved.querySelector('[data-move-saving="2"]')).toBeNull();
    cleanup();
    expect(shown(false).querySelector('[data-move-saving]')).toBeNull();
  });
});
