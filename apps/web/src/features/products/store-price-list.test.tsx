// Issue 45, item 2: under each store's price the drawer says how far back Kete's history goes, so a
// shopper can weigh a verdict made on weeks rather than a year.
import type { Price, Product, Store } from '@kete/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { StorePriceList } from './store-price-list.js';

const store = (id: number, name: string): Store => ({ id, name, type: 1, latitude: null, longitude: null });
const price = (storeId: number, historyFrom?: number): Price => ({
  storeId,
  price: 300,
  basePrice: 300,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
  seenAt: Date.now(),
  ...(historyFrom === undefined ? {} : { historyFrom }),
});

afterEach(cleanup);

describe('the drawer price list (issue 45)', () => {
  it("says since when Kete has seen each store's price, where the server knows", () => {
    const stores = [store(1, 'New World Thorndon'), store(2, 'Woolworths Kilbirnie')];
    useWorkspaceStore.getState().setData({
      member: { displayName: 'Aroha', email: 'a@example.co.nz', features: [] },
      stores: { all: stores, workspace: stores },
      accessLevel: 0,
      workspace: { shortCode: 'abc', sharedName: null },
      sharedWorkspaces: [],
      favourites: [],
      specials: [],
      lists: [],
      demoCatalogue: false,
      staleDays: 8,
    });
    const product: Product = {
      id: 9,
      name: 'Tea',
      brand: null,
      imageUrl: null,
      displayUnits: null,
      saleType: 0,
      minimumQuantity: 1,
      minimumIncrement: 1,
      bestPrice: 300,
      highestPrice: 300,
      prices: [price(1, Date.parse('2026-11-03T02:00:00Z')), price(2)],
    };
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <StorePriceList product={product} />
      </QueryClientProvider>,
    );
    const line = (name: string) => container.querySelector(`[data-store-price="${name}"] [data-seen-since]`);
    expect(line('New World Thorndon')?.textContent).toBe('Kete has seen this price since 3 Nov');
    expect(line('Woolworths Kilbirnie')).toBeNull();
  });
});
