import type { Price } from '@kete/shared';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CheckedAgo, StaleMarker } from './freshness.js';
import { RowPriceExtras } from './price-extras.js';

const DAY = 86_400_000;
const priced = (storeId: number, price: number, ageMs: number, fields: Partial<Price> = {}): Price => ({
  storeId,
  price,
  basePrice: price,
  comparativePrice: null,
  comparativeMeasure: null,
  promotionType: 0,
  seenAt: Date.now() - ageMs,
  ...fields,
});

function loadWorkspace(staleDays?: number) {
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
    ...(staleDays ? { staleDays } : {}),
  });
}

afterEach(cleanup);

describe('the age of a price on screen (issue 33)', () => {
  it("says per store when the price was checked, and 'may have changed' once stale", () => {
    loadWorkspace();
    const { container, rerender } = render(<CheckedAgo price={priced(1, 300, 3 * 3_600_000 + 1000)} />);
    expect(container.textContent).toBe('checked 3 h ago');
    rerender(<CheckedAgo price={priced(1, 300, 9 * DAY + 1000)} />);
    expect(container.textContent).toBe('checked 9 days ago · may have changed');
  });

  it('marks a stale price calmly, after KETE_STALE_DAYS as the server sent it', () => {
    loadWorkspace();
    const { container, rerender } = render(<StaleMarker price={priced(1, 300, 5 * DAY)} />);
    expect(container.textContent).toBe('');
    loadWorkspace(3);
    rerender(<StaleMarker price={priced(1, 300, 5 * DAY)} />);
    expect(container.querySelector('[data-stale-marker]')?.textContent).toBe('Checked 5 days ago');
  });

  it("marks a row only when the price it shows (the lowest) is stale, and the verdict 'New to Kete'", () => {
    loadWorkspace();
    const fresh = priced(1, 300, DAY);
    const staleDearer = priced(2, 350, 20 * DAY);
    const { container, rerender } = render(<RowPriceExtras prices={[fresh, staleDearer]} />);
    expect(container.querySelector('[data-stale-marker]')).toBeNull();
    const staleCheapest = priced(2, 250, 20 * DAY, { promotionType: 5, dealRating: 'unknown' });
    rerender(<RowPriceExtras prices={[fresh, staleCheapest]} />);
    expect(container.querySelector('[data-stale-marker]')?.textContent).toBe('Checked 20 days ago');
    expect(container.querySelector('[data-verdict="unknown"]')?.textContent).toBe('New to Kete');
  });
});
