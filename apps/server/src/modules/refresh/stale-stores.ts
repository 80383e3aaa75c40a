// Stores whose newest price is older than KETE_STALE_DAYS, whether or not any shopping list has
// chosen them (issue 48 item 6): `kete status` lists them, /api/status and /metrics count them.
// Grouping every price by store reads the whole prices table (seconds at NZ scale), so a server
// keeps the answer a minute and asks once however many requests want it at the same time.
import { DAY_MS } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { chainOf } from './refresh-plan.js';

export interface StaleStore {
  storeId: number;
  name: string;
  chain: string;
  newestSeenAt: number;
}

export const STALE_STORES_KEPT_MS = 60_000;

export async function staleStores(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<StaleStore[]> {
  const before = ctx.clock.now() - ctx.config.staleDays * DAY_MS;
  const rows = await ctx.db
    .selectFrom('prices')
    .innerJoin('stores', 'stores.id', 'prices.store_id')
    .select((eb) => [
      'stores.id',
      'stores.name',
      'stores.chain',
      eb.fn.max('prices.observed_at').as('newest'),
    ])
    .groupBy(['stores.id', 'stores.name', 'stores.chain'])
    .having((eb) => eb.fn.max('prices.observed_at'), '<', before)
    .orderBy('stores.chain')
    .orderBy('stores.name')
    .execute();
  return rows.map((r) => ({
    storeId: r.id,
    name: r.name,
    chain: chainOf[r.chain] ?? String(r.chain),
    newestSeenAt: Number(r.newest),
  }));
}

const kept = new WeakMap<object, { at: number; count: Promise<number> }>();

/** How many stores are stale, read at most once a minute per database. */
export function staleStoreCount(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const last = kept.get(ctx.db);
  if (last && now - last.at < STALE_STORES_KEPT_MS) return last.count;
  const count = staleStores(ctx).then((stores) => stores.length);
  kept.set(ctx.db, { at: now, count });
  // A failure is not kept: the next ask tries again.
  count.catch(() => kept.delete(ctx.db));
  return count;
}
