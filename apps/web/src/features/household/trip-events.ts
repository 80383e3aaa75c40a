// What a live event means for the shopping trip (issue 35). A 'trip' event carries the trip
// itself: it is set, and nothing is fetched. A product another member adds while this user shops
// is marked new; a removal may have finished the list and so the trip: it is asked again.
import type { WorkspaceEvent } from '@kete/shared';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { isMyTrip, refreshTrip, setTrip, useNewWhileShopping } from './shopping-trip.js';

/** Handles the event's part for the trip; true when that was all of it (topic 'trip'). */
export function tripChange(event: WorkspaceEvent): boolean {
  if (event.topic === 'trip') {
    setTrip(event.trip ?? null);
    return true;
  }
  const trip = useWorkspaceStore.getState().data?.trip ?? null;
  if (!trip || event.topic !== 'cart') return false;
  if (event.action === 'added' && isMyTrip(trip) && event.byUserId !== trip.userId && event.productId) {
    useNewWhileShopping.getState().add(event.productId);
  }
  if (event.action === 'removed') void refreshTrip();
  return false;
}
