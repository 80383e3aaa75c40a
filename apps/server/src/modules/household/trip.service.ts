// 'Going shopping' (issue 35): one trip per workspace at a time, its shopper's name and store.
// It ends when the shopper ends it, when the list is done, or after TRIP_IDLE_MS without a tick
// (read as over; the row goes at the next start or end).
import { type ShoppingTrip, tripLasts } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { tableCache } from '../../db/table-cache.js';
import { notFound } from '../../lib/http-error.js';

/** A workspace's trip as stored: whether it still lasts depends on when it is asked. */
interface TripRow {
  memberName: string;
  userId: number;
  storeId: number;
  startedAt: number;
  lastTick: number | null;
}

async function tripRowOf(db: Kysely<DB>, workspaceId: number): Promise<TripRow | null> {
  const row = await db
    .selectFrom('shopping_trips')
    .innerJoin('users', 'users.id', 'shopping_trips.user_id')
    // Only a member's trip is the household's: one whose shopper has gone is no trip at all.
    .innerJoin('workspace_members as m', (j) =>
      j
        .onRef('m.user_id', '=', 'shopping_trips.user_id')
        .onRef('m.workspace_id', '=', 'shopping_trips.workspace_id'),
    )
    .select(['users.id as user_id', 'users.display_name', 'store_id', 'started_at', 'last_tick_at'])
    .where('shopping_trips.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    memberName: row.display_name,
    userId: row.user_id,
    storeId: row.store_id,
    startedAt: Number(row.started_at),
    lastTick: row.last_tick_at === null ? null : Number(row.last_tick_at),
  };
}

function tripAt(row: TripRow | null, now: number): ShoppingTrip | null {
  if (!row || !tripLasts(row.startedAt, row.lastTick, now)) return null;
  return { memberName: row.memberName, userId: row.userId, storeId: row.storeId, startedAt: row.startedAt };
}

/** The workspace's trip at `now`, or null, read from `db` (a transaction's own view when one). */
export async function tripOf(db: Kysely<DB>, workspaceId: number, now: number): Promise<ShoppingTrip | null> {
  return tripAt(await tripRowOf(db, workspaceId), now);
}

/**
 * The workspace's stored trip, kept per process until a trip or a member's name changes
 * (table-cache.ts): every start-up, every item added (its push) and every item taken off the list
 * asks, and on PostgreSQL each ask was a round trip (issue 47). Not for use inside a transaction.
 */
export function keptTripRow(db: Kysely<DB>, workspaceId: number): Promise<TripRow | null> {
  return tableCache<TripRow | null>(db, 'trips', ['shopping_trips', 'users']).read(String(workspaceId), () =>
    tripRowOf(db, workspaceId),
  );
}

/** tripOf, from the kept row (keptTripRow). */
export async function keptTripOf(
  db: Kysely<DB>,
  workspaceId: number,
  now: number,
): Promise<ShoppingTrip | null> {
  return tripAt(await keptTripRow(db, workspaceId), now);
}

export function tripService(ctx: AppContext) {
  const { db } = ctx;
  return {
    current: (workspaceId: number) => keptTripOf(db, workspaceId, ctx.clock.now()),

    async start(workspaceId: number, userId: number, storeId: number): Promise<ShoppingTrip | null> {
      const store = await db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
      if (!store) throw notFound('That store does not exist.');
      const now = ctx.clock.now();
      const values = { user_id: userId, store_id: storeId, started_at: now, last_tick_at: null };
      await db
        .insertInto('shopping_trips')
        .values({ workspace_id: workspaceId, ...values })
        .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
        .execute();
      return tripOf(db, workspaceId, now);
    },

    async end(workspaceId: number): Promise<void> {
      await db.deleteFrom('shopping_trips').where('workspace_id', '=', workspaceId).execute();
    },

    /**
     * After a tick took an item off the list: the trip lives on (its idle clock restarts), or
     * ends when the list is now empty. Answers whether the trip ended.
     */
    async afterTick(workspaceId: number, now: number): Promise<boolean> {
      const left = await db
        .selectFrom('cart_items')
        .select('product_id')
        .where('workspace_id', '=', workspaceId)
        .limit(1)
        .executeTakeFirst();
      if (!left) {
        const ended = await db.deleteFrom('shopping_trips').where('workspace_id', '=', workspaceId).execute();
        return ended.some((r) => Number(r.numDeletedRows) > 0);
      }
      await db
        .updateTable('shopping_trips')
        .set({ last_tick_at: now })
        .where('workspace_id', '=', workspaceId)
        .execute();
      return false;
    },
  };
}
