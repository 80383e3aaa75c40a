// A store's aisle order per workspace (issue 35): set by hand, else learned from the household's
// ticks there (packages/shared aisle-learning.ts), else the chain's walking order.
import {
  AISLES,
  type AisleKey,
  type AisleOrder,
  aisleOf,
  LEARNING_TRIPS,
  learnAisleOrder,
  type Tick,
  withUnseen,
} from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { heldProductRow } from '../products/catalogue-snapshot.js';

const CHAIN: AisleKey[] = AISLES.map((a) => a.key);
const KNOWN = new Set<string>(CHAIN);
/** Trips kept per store (a phone's trip key is its start, so the newest keys are the newest trips). */
const KEPT_TRIPS = LEARNING_TRIPS * 2;
/** Ticks read to learn from: every row of the kept trips. */
const TICKS_READ = KEPT_TRIPS * CHAIN.length;

const parseKeys = (json: string): AisleKey[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value.filter((k) => KNOWN.has(k)) as AisleKey[]) : [];
  } catch {
    return [];
  }
};

export function aisleOrderService(ctx: AppContext) {
  const { db } = ctx;

  async function requireStore(storeId: number) {
    const found = await db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
    if (!found) throw notFound('That store does not exist.');
  }

  async function learned(workspaceId: number, storeId: number): Promise<AisleOrder> {
    const rows = await db
      .selectFrom('aisle_ticks')
      .select(['trip_key', 'aisle', 'ticked_at'])
      .where('workspace_id', '=', workspaceId)
      .where('store_id', '=', storeId)
      .orderBy('ticked_at', 'desc')
      .limit(TICKS_READ)
      .execute();
    // Trips oldest first (by their first tick), each its aisles in tick order.
    const trips = new Map<number, { first: number; ticks: { aisle: AisleKey; at: number }[] }>();
    for (const row of rows) {
      if (!KNOWN.has(row.aisle)) continue;
      const key = Number(row.trip_key);
      const at = Number(row.ticked_at);
      const trip = trips.get(key) ?? { first: at, ticks: [] };
      trip.first = Math.min(trip.first, at);
      trip.ticks.push({ aisle: row.aisle as AisleKey, at });
      trips.set(key, trip);
    }
    const ordered = [...trips.values()]
      .sort((a, b) => a.first - b.first)
      .map((trip) => trip.ticks.sort((a, b) => a.at - b.at).map((t) => t.aisle));
    const result = learnAisleOrder(ordered, CHAIN);
    return { categories: result.order, source: result.learned ? 'learned' : 'chain' };
  }

  /** Keeps a store's newest KEPT_TRIPS trips: older ones no longer vote (LEARNING_TRIPS). */
  async function prune(workspaceId: number, storeId: number) {
    const oldestKept = await db
      .selectFrom('aisle_ticks')
      .select('trip_key')
      .distinct()
      .where('workspace_id', '=', workspaceId)
      .where('store_id', '=', storeId)
      .orderBy('trip_key', 'desc')
      .offset(KEPT_TRIPS - 1)
      .limit(1)
      .executeTakeFirst();
    if (!oldestKept) return;
    await db
      .deleteFrom('aisle_ticks')
      .where('workspace_id', '=', workspaceId)
      .where('store_id', '=', storeId)
      .where('trip_key', '<', oldestKept.trip_key)
      .execute();
  }

  return {
    async get(workspaceId: number, storeId: number): Promise<AisleOrder> {
      await requireStore(storeId);
      const set = await db
        .selectFrom('aisle_orders')
        .select('categories')
        .where('workspace_id', '=', workspaceId)
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      if (set) return { categories: withUnseen(parseKeys(set.categories), CHAIN), source: 'set' };
      return learned(workspaceId, storeId);
    },

    async set(workspaceId: number, storeId: number, categories: AisleKey[]): Promise<AisleOrder> {
      await requireStore(storeId);
      const full = withUnseen(categories, CHAIN);
      const values = { categories: JSON.stringify(full), set_at: ctx.clock.now() };
      await db
        .insertInto('aisle_orders')
        .values({ workspace_id: workspaceId, store_id: storeId, ...values })
        .onConflict((oc) => oc.columns(['workspace_id', 'store_id']).doUpdateSet(values))
        .execute();
      return { categories: full, source: 'set' };
    },

    async reset(workspaceId: number, storeId: number): Promise<AisleOrder> {
      await requireStore(storeId);
      await db
        .deleteFrom('aisle_orders')
        .where('workspace_id', '=', workspaceId)
        .where('store_id', '=', storeId)
        .execute();
      return learned(workspaceId, storeId);
    },

    /** A tick at a store, as the phone sent it with the item taken off the list. */
    async recordTick(workspaceId: number, productId: number, tick: Tick): Promise<void> {
      const product = await heldProductRow(db, productId);
      if (!product) return;
      const inserted = await db
        .insertInto('aisle_ticks')
        .values({
          workspace_id: workspaceId,
          store_id: tick.storeId,
          trip_key: tick.trip,
          aisle: aisleOf({ name: product.name }),
          ticked_at: tick.at,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'store_id', 'trip_key', 'aisle']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await prune(workspaceId, tick.storeId);
    },
  };
}
