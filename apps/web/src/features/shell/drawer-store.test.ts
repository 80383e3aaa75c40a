import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppState } from '../../lib/reset-app-state.js';
import { displayModeOf, useDrawerStore } from './drawer-store.js';

describe('the drawers', () => {
  beforeEach(() => useDrawerStore.getState().closeAll());

  it('open one at a time: opening another replaces the first', () => {
    useDrawerStore.getState().open({ kind: 'favourites' });
    useDrawerStore.getState().open({ kind: 'list', listId: 3 });
    expect(useDrawerStore.getState().drawer).toEqual({ kind: 'list', listId: 3 });
  });

  it("set the product display mode: 'specials', 'favourites', else 'default'", () => {
    expect(displayModeOf({ kind: 'specials', storeId: 1 })).toBe('specials');
    expect(displayModeOf({ kind: 'favourites' })).toBe('favourites');
    expect(displayModeOf({ kind: 'list', listId: 1 })).toBe('default');
    expect(displayModeOf(null)).toBe('default');
  });

  it('all close when the app state is reset (sign-out)', () => {
    useDrawerStore.getState().open({ kind: 'favourites' });
    resetAppState();
    expect(useDrawerStore.getState().drawer).toBeNull();
  });
});
