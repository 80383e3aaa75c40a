import type { InitialData, Store } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { formatDistance, haversineKm, storesNear } from './geo.js';
import { selectionChanges, withSelectedStores } from './selection-changes.js';
import { emptyMessage, storeRows } from './store-rows.js';

const store = (id: number, name: string, latitude: number | null, longitude: number | null): Store => ({
  id,
  name,
  type: 1,
  latitude,
  longitude,
});

// Wellington's railway station, and stores at known distances from it.
const wellington = { latitude: -41.2789, longitude: 174.7806 };
const thorndon = store(1, 'New World Thorndon', -41.2747, 174.7802); // under 1 km
const petone = store(2, "Pak'nSave Petone", -41.2264, 174.8744); // about 10 km
const levin = store(3, 'Woolworths Levin', -40.6218, 175.2866); // about 84 km
const unknown = store(4, 'New World Nowhere', null, null);
const all = [levin, petone, unknown, thorndon];

describe('haversineKm', () => {
  it('is zero from a point to itself', () => {
    expect(haversineKm(wellington, wellington)).toBe(0);
  });

  it('gives Wellington to Auckland as about 493 km', () => {
    const auckland = { latitude: -36.8485, longitude: 174.7633 };
    expect(haversineKm(wellington, auckland)).toBeGreaterThan(488);
    expect(haversineKm(wellington, auckland)).toBeLessThan(498);
  });

  it('is the same both ways', () => {
    const petoneAt = { latitude: -41.2264, longitude: 174.8744 };
    expect(haversineKm(wellington, petoneAt)).toBeCloseTo(haversineKm(petoneAt, wellington), 9);
  });
});

describe('storesNear', () => {
  it('keeps stores within 50 km, nearest first, and leaves out stores without coordinates', () => {
    const near = storesNear(all, wellington);
    expect(near.map((n) => n.store.name)).toEqual(['New World Thorndon', "Pak'nSave Petone"]);
    expect(near[0]?.distanceKm).toBeLessThan(1);
    expect(near[1]?.distanceKm).toBeGreaterThan(8);
  });
});

describe('formatDistance', () => {
  it('reads metres under a kilometre, one decimal under ten, whole kilometres after', () => {
    expect(formatDistance(0.4671)).toBe('470 m');
    expect(formatDistance(4.25)).toBe('4.3 km');
    expect(formatDistance(17.4)).toBe('17 km');
  });
});

describe('storeRows', () => {
  const base = { stores: all, pinnedIds: new Set<number>(), text: '', tab: 'all' as const, here: null };

  it('lists every store by name, selected ones first', () => {
    const rows = storeRows({ ...base, pinnedIds: new Set([3]) });
    expect(rows.map((r) => r.store.id)).toEqual([3, 4, 1, 2]);
  });

  it('filters by name ignoring case', () => {
    expect(storeRows({ ...base, text: '  NEW world ' }).map((r) => r.store.id)).toEqual([4, 1]);
  });

  it('in Near me keeps only nearby stores by distance, with the selected nearby ones first', () => {
    const rows = storeRows({ ...base, tab: 'near', here: wellington, pinnedIds: new Set([2, 3]) });
    expect(rows.map((r) => r.store.id)).toEqual([2, 1]);
    expect(rows[0]?.distanceKm).toBeGreaterThan(8);
  });

  it('says to try a new search only when there was a search', () => {
    expect(emptyMessage('zzz')).toBe('No stores found. Try a new search.');
    expect(emptyMessage(' ')).toBe('No stores found.');
  });
});

describe('selection changes', () => {
  it('adds what is new and removes what was dropped', () => {
    expect(selectionChanges([1, 2], [2, 3])).toEqual({ added: [3], removed: [1] });
  });

  it('updates the workspace stores by name and keeps one specials card per remaining store', () => {
    const card = (s: Store) => ({ store: s, products: [], count: 0 });
    const data = {
      stores: { all, workspace: [levin, petone] },
      specials: [card(levin), card(petone)],
    } as unknown as InitialData;
    const next = withSelectedStores(data, new Set([2, 1]), [card(thorndon)]);
    expect(next.stores.workspace.map((s) => s.id)).toEqual([1, 2]);
    expect(next.specials.map((c) => c.store.id)).toEqual([2, 1]);
  });
});
