import { AccessLevel, Feature } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { favouritesBadge, menuEntries, shouldAutoOpenStores } from './home-logic.js';

describe('favouritesBadge', () => {
  it('is absent when no favourite is on promotion', () => {
    expect(favouritesBadge([{ onPromotion: false }])).toBeNull();
    expect(favouritesBadge([])).toBeNull();
  });

  it('counts the favourites on promotion, with an s only above one', () => {
    expect(favouritesBadge([{ onPromotion: true }, { onPromotion: false }])).toBe('1 item on promotion');
    expect(favouritesBadge([{ onPromotion: true }, { onPromotion: true }])).toBe('2 items on promotion');
  });
});

describe('menuEntries', () => {
  it('gives an Owner with both features every entry, Sign out last', () => {
    expect(menuEntries([Feature.Statistics, Feature.AccessList], AccessLevel.Owner)).toEqual([
      'statistics',
      'grantAccess',
      'changeStores',
      'signOut',
    ]);
  });

  it('never offers Grant access to a Shared member, even with the AccessList feature, but lets them leave', () => {
    expect(menuEntries([Feature.Statistics, Feature.AccessList], AccessLevel.Shared)).toEqual([
      'statistics',
      'leave',
      'signOut',
    ]);
  });

  it('gives a Shared member without features only Leave this list and Sign out', () => {
    expect(menuEntries([], AccessLevel.Shared)).toEqual(['leave', 'signOut']);
  });
});

describe('shouldAutoOpenStores', () => {
  const store = { id: 1, name: 'A', type: 1 as const, latitude: null, longitude: null };

  it('opens for an Owner with no stores chosen', () => {
    expect(
      shouldAutoOpenStores({ accessLevel: AccessLevel.Owner, stores: { all: [store], workspace: [] } }),
    ).toBe(true);
  });

  it('stays shut once stores are chosen, and for Shared members who cannot choose', () => {
    const chosen = { all: [store], workspace: [store] };
    expect(shouldAutoOpenStores({ accessLevel: AccessLevel.Owner, stores: chosen })).toBe(false);
    const none = { all: [store], workspace: [] };
    expect(shouldAutoOpenStores({ accessLevel: AccessLevel.Shared, stores: none })).toBe(false);
  });
});
