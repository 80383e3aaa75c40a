// Where trips and the week's spend live: the local database (version 4), so leaving in-store
// mode, a reload or a dropped connection keeps what is in the trolley. Failures are only logged
// (local-db.ts `safely`): the aisle must keep working.
import { localDb, safely } from '../../lib/local-db.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import type { Trip } from './trip-logic.js';
import { weekOf } from './trip-logic.js';

// A trip belongs to the workspace whose list it came from: another household's list at the same
// store starts its own.
const workspace = () => useWorkspaceStore.getState().data?.workspace.shortCode ?? '';

export async function loadTrip(storeId: number): Promise<Trip | null> {
  const row = await safely(() => localDb().Trip.get(storeId), undefined);
  if (!row || row.workspace !== workspace()) return null;
  return { storeId: row.id, startedAt: row.startedAt, lines: row.lines as Trip['lines'], ticked: row.ticked };
}

export const saveTrip = (trip: Trip) =>
  safely(
    () =>
      localDb().Trip.put({
        id: trip.storeId,
        startedAt: trip.startedAt,
        lines: trip.lines,
        ticked: trip.ticked,
        workspace: workspace(),
      }),
    undefined,
  );

export const deleteTrip = (storeId: number) => safely(() => localDb().Trip.delete(storeId), undefined);

/** This week's spend in cents (0 when the saved one is from an earlier week). */
export async function loadWeekSpend(now = new Date()): Promise<number> {
  const row = await safely(() => localDb().WeekSpend.get(1), undefined);
  return row && row.week === weekOf(now) ? row.cents : 0;
}

/** Adds (or with a negative amount takes back) money ticked into a trolley this week. */
export async function addWeekSpend(cents: number, now = new Date()): Promise<number> {
  const week = weekOf(now);
  const current = await loadWeekSpend(now);
  const next = Math.max(0, current + cents);
  await safely(() => localDb().WeekSpend.put({ id: 1, week, cents: next }), undefined);
  return next;
}
