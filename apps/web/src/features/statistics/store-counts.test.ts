import type { Store } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { countsByStore } from './store-counts.js';

const store = (id: number, name: string): Store => ({ id, name, type: 2, latitude: null, longitude: null });

describe('countsByStore', () => {
  it('lists every store by name with its count, 0 when the answer has none for it', () => {
    const rows = countsByStore([store(2, 'Zed'), store(1, 'Ace')], [{ storeId: 2, count: 7 }]);
    expect(rows.map((r) => [r.store.name, r.count])).toEqual([
      ['Ace', 0],
      ['Zed', 7],
    ]);
  });
});
