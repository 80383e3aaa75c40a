// Issue 49 item 7: a product row's + button names the product with its brand and size, and shows
// how much the shopping list already holds.
import type { CartItem, Product } from '@kete/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartQueryKey } from '../../features/cart/api/cart-api.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { ProductRow } from './product-row.js';

const product = (id: number, fields: Partial<Product>): Product => ({
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
  prices: [],
  ...fields,
});
const trimMilk = product(1, { name: 'Trim Milk', brand: 'Anchor', displayUnits: '2L' });
const bananas = product(2, { name: 'Bananas', displayUnits: 'per kg', saleType: 1, minimumIncrement: 0.1 });
const bread = product(3, { name: 'Vogels Original Mixed Grain', brand: 'Vogels', displayUnits: '750g' });

function renderRows(cart: CartItem[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(cartQueryKey, cart);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(
    <>
      <ProductRow product={trimMilk} />
      <ProductRow product={bananas} />
      <ProductRow product={bread} />
    </>,
    { wrapper },
  );
}

beforeEach(() => {
  useWorkspaceStore.getState().setData({
    member: { displayName: 'Aroha', email: 'a@example.co.nz', features: [] },
    stores: { all: [], workspace: [] },
    accessLevel: 0,
    workspace: { shortCode: 'abc', sharedName: null },
    sharedWorkspaces: [],
    favourites: [],
    specials: [],
    lists: [],
    demoCatalogue: false,
  });
});
afterEach(cleanup);

describe('a product row’s + button (issue 49 item 7)', () => {
  it('names the brand and size, and shows what the shopping list already holds', () => {
    renderRows([
      { product: trimMilk, quantity: 2 },
      { product: bananas, quantity: 1.3 },
    ]);
    const milk = screen.getByRole('button', { name: 'Add Anchor Trim Milk 2L' });
    expect(milk.parentElement?.querySelector('[data-on-list]')?.textContent).toBe('2');
    expect(milk.getAttribute('aria-describedby')).not.toBeNull();
    expect(document.getElementById(milk.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '2 on the shopping list',
    );
    const loose = screen.getByRole('button', { name: 'Add Bananas per kg' });
    expect(loose.parentElement?.querySelector('[data-on-list]')?.textContent).toBe('1.3kg');
    // The brand is not said twice when the name starts with it; nothing on the list, no number.
    const notOnList = screen.getByRole('button', { name: 'Add Vogels Original Mixed Grain 750g' });
    expect(notOnList.parentElement?.querySelector('[data-on-list]')).toBeNull();
    expect(notOnList.getAttribute('aria-describedby')).toBeNull();
  });
});
