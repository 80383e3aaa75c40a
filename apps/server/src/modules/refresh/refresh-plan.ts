// What a refresh will do: every store at least one workspace has chosen, ordered by what shoppers
// feel first. Each chain is its own queue (one request at a time per chain, the chains side by side):
// first the specials (promotion listing) of each of its stores, so they are fresh soon after the
// weekly change, then each store's full listing.
import { StoreType } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Chain } from '../adapters/feed-types.js';

export interface PlannedStore {
  id: number;
  chain: Chain;
  sourceId: string;
  name: string;
}

export interface RefreshStep {
  store: PlannedStore;
  kind: 'specials' | 'full';
}

export const chainOf: Record<number, Chain> = {
  [StoreType.NewWorld]: 'newworld',
  [StoreType.PakNSave]: 'paknsave',
  [StoreType.Woolworths]: 'woolworths',
};

/**
 * Requests one listing takes, from the sources' counts: Woolworths ~22,500 products in 14
 * departments at 120 a page, ~3,000 specials; a Foodstuffs store ~15,000 products at 50 a page plus
 * the narrowing searches, ~2,000 on promotion. Only for the estimate.
 */
export const requestsPerListing: Record<Chain, Record<RefreshStep['kind'], number>> = {
  woolworths: { specials: 30, full: 205 },
  newworld: { specials: 45, full: 360 },
  paknsave: { specials: 45, full: 360 },
};

export async function chosenStores(db: Kysely<DB>): Promise<PlannedStore[]> {
  const rows = await db
    .selectFrom('stores as s')
    .select(['s.id', 's.chain', 's.source_id', 's.name'])
    .where('s.id', 'in', db.selectFrom('workspace_stores').select('store_id'))
    .orderBy('s.chain')
    .orderBy('s.name')
    .execute();
  return rows.flatMap((r) => {
    const chain = chainOf[r.chain];
    return chain ? [{ id: r.id, chain, sourceId: r.source_id, name: r.name }] : [];
  });
}

/** Each chain's queue: all its specials first, then all its full listings. */
export function planQueues(stores: PlannedStore[]): Map<Chain, RefreshStep[]> {
  const queues = new Map<Chain, RefreshStep[]>();
  for (const kind of ['specials', 'full'] as const) {
    for (const store of stores) {
      const queue = queues.get(store.chain) ?? [];
      queue.push({ store, kind });
      queues.set(store.chain, queue);
    }
  }
  return queues;
}

export interface PlanEstimate {
  requests: number;
  /** Until the last chain's queue is done (chains run side by side). */
  totalMs: number;
  /** Until every chosen store's specials are fresh. */
  specialsMs: number;
}

export function estimate(queues: Map<Chain, RefreshStep[]>, intervalMs: number): PlanEstimate {
  let requests = 0;
  let totalMs = 0;
  let specialsMs = 0;
  for (const [chain, steps] of queues) {
    const count = (kind: RefreshStep['kind']) =>
      steps.filter((s) => s.kind === kind).length * requestsPerListing[chain][kind];
    const chainRequests = count('specials') + count('full');
    requests += chainRequests;
    totalMs = Math.max(totalMs, chainRequests * intervalMs);
    specialsMs = Math.max(specialsMs, count('specials') * intervalMs);
  }
  return { requests, totalMs, specialsMs };
}

/** "3 h 20 min", "12 min", "40 s". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes === 0) return `${Math.round(ms / 1000)} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** The lines `refresh --dry-run` prints. */
export function describePlan(queues: Map<Chain, RefreshStep[]>, intervalMs: number): string[] {
  const stores = [...queues.values()].reduce((n, steps) => n + steps.length / 2, 0);
  if (stores === 0) return ['No workspace has chosen a store yet: nothing to refresh.'];
  const out: string[] = [];
  for (const [chain, steps] of queues) {
    const names = steps.filter((s) => s.kind === 'full').map((s) => `${s.store.name} (${s.store.sourceId})`);
    out.push(
      `${chain}: ${names.length} ${names.length === 1 ? 'store' : 'stores'}, specials first, then full listings: ${names.join(', ')}`,
    );
  }
  const e = estimate(queues, intervalMs);
  out.push(
    `${stores} stores, about ${e.requests.toLocaleString('en-NZ')} requests at one per ${intervalMs} ms per chain: ` +
      `specials fresh in about ${formatDuration(e.specialsMs)}, everything in about ${formatDuration(e.totalMs)}.`,
  );
  return out;
}
