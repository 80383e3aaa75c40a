// What live events do to the shopping trip shown: a 'trip' event sets it; what another member adds
// during this user's trip is marked new, nothing else is.
import type { InitialData, ShoppingTrip, WorkspaceEvent } from '@kete/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useNewWhileShopping } from './shopping-trip.js';
import { tripChange } from './trip-events.js';

const token = (sub: string) => `x.${btoa(JSON.stringify({ sub }))}.y`;
const trip = (userId: number): ShoppingTrip => ({ memberName: 'Sam', userId, storeId: 5, startedAt: 1 });
const event = (change: Partial<WorkspaceEvent>): WorkspaceEvent => ({
  topic: 'cart',
  action: 'added',
  byUserId: 9,
  byName: 'Ben',
  at: 2,
  ...change,
});

beforeEach(() => {
  useWorkspaceStore.getState().setData({ trip: null } as unknown as InitialData);
  useSessionStore.setState({
    session: { access_token: token('7'), refresh_token: 'r', token_type: 'Bearer', expires_in: 60 } as never,
  });
  useNewWhileShopping.getState().clear();
});
afterEach(() => {
  useWorkspaceStore.getState().reset();
  useSessionStore.setState({ session: null });
});

describe('tripChange', () => {
  it("sets the trip a 'trip' event carries, and clears it", () => {
    expect(tripChange(event({ topic: 'trip', trip: trip(9) }))).toBe(true);
    expect(useWorkspaceStore.getState().data?.trip).toEqual(trip(9));
    expect(tripChange(event({ topic: 'trip', action: 'removed', trip: null }))).toBe(true);
    expect(useWorkspaceStore.getState().data?.trip).toBeNull();
  });

  it('marks new what another member adds during my trip, and nothing else', () => {
    tripChange(event({ productId: 3 }));
    expect([...useNewWhileShopping.getState().ids]).toEqual([]);
    useWorkspaceStore.getState().update((data) => ({ ...data, trip: trip(7) }));
    expect(tripChange(event({ productId: 3 }))).toBe(false);
    tripChange(event({ productId: 4, byUserId: 7 }));
    tripChange(event({ productId: 5, topic: 'favourites' }));
    expect([...useNewWhileShopping.getState().ids]).toEqual([3]);
    // Someone else's trip: nothing is new for me.
    useNewWhileShopping.getState().clear();
    useWorkspaceStore.getState().update((data) => ({ ...data, trip: trip(8) }));
    tripChange(event({ productId: 3 }));
    expect([...useNewWhileShopping.getState().ids]).toEqual([]);
  });
});
