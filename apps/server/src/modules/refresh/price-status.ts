// How fresh the chosen stores' prices are (issue 33, item 2): per chosen store, its prices' newest
// and oldest confirmation (prices.observed_at, moved by every feed line that lists a price) and
// its last refresh's result; per chain, the same ages over its chosen stores, and whether it has
// stalled (no price younger than the stale limit). For operators: no personal data, only stores.
import { DAY_MS } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { chosenStores } from './refresh-plan.js';

export interface StoreStatus {
  storeId: number;
  name: string;
  chain: string;
  prices: number;
  /** Epoch ms of the newest and oldest confirmation among its prices; null without prices. */
  newestSeenAt: number | null;
  oldestSeenAt: number | null;
  lastRefresh: { finishedAt: number; ok: boolean; error: string | null } | null;
}

export interface ChainStatus {
  chain: string;
  stores: number;
  newestSeenAt: number | null;
  oldestSeenAt: number | null;
  /** No chosen store of the chain has a price younger than the stale limit. */
  stalled: boolean;
  errors: string[];
}

export interface PriceStatus {
  now: number;
  staleDays: number;
  chains: ChainStatus[];
  stores: StoreStatus[];
}

const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const max = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

export async function priceStatus(ctx: AppContext): Promise<PriceStatus> {
  const now = ctx.clock.now();
  const staleDays = ctx.config.staleDays;
  const chosen = await chosenStores(ctx.db);
  const ids = chosen.map((s) => s.id);
  const ages =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('prices')
          .select((eb) => [
            'store_id',
            eb.fn.countAll<number>().as('n'),
            eb.fn.max('observed_at').as('newest'),
            eb.fn.min('observed_at').as('oldest'),
          ])
          .where('store_id', 'in', ids)
          .groupBy('store_id')
          .execute();
  const results =
    ids.length === 0
      ? []
      : await ctx.db.selectFrom('refresh_results').selectAll().where('store_id', 'in', ids).execute();
  const ageOf = new Map(ages.map((a) => [a.store_id, a]));
  const resultOf = new Map(results.map((r) => [r.store_id, r]));
  const stores: StoreStatus[] = chosen.map((s) => {
    const age = ageOf.get(s.id);
    const result = resultOf.get(s.id);
    return {
      storeId: s.id,
      name: s.name,
      chain: s.chain,
      prices: Number(age?.n ?? 0),
      newestSeenAt: age ? Number(age.newest) : null,
      oldestSeenAt: age ? Number(age.oldest) : null,
      lastRefresh: result
        ? { finishedAt: Number(result.finished_at), ok: result.ok === 1, error: result.error }
        : null,
    };
  });
  const chains = new Map<string, ChainStatus>();
  for (const s of stores) {
    const c = chains.get(s.chain) ?? {
      chain: s.chain,
      stores: 0,
      newestSeenAt: null,
      oldestSeenAt: null,
      stalled: false,
      errors: [],
    };
    c.stores++;
    c.newestSeenAt = max(c.newestSeenAt, s.newestSeenAt);
    c.oldestSeenAt = min(c.oldestSeenAt, s.oldestSeenAt);
    if (s.lastRefresh?.error) c.errors.push(s.lastRefresh.error);
    chains.set(s.chain, c);
  }
  for (const c of chains.values())
    c.stalled = c.newestSeenAt === null || now - c.newestSeenAt > staleDays * DAY_MS;
  return { now, staleDays, chains: [...chains.values()], stores };
}

/** '3 h', '9 days', 'no prices'. */
export function ageText(seenAt: number | null, now: number): string {
  if (seenAt === null) return 'no prices';
  const age = Math.max(0, now - seenAt);
  if (age < 3_600_000) return `${Math.floor(age / 60_000)} min`;
  if (age < DAY_MS) return `${Math.floor(age / 3_600_000)} h`;
  const days = Math.floor(age / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The status as lines for `kete status`. */
export function describeStatus(status: PriceStatus): string[] {
  const { now } = status;
  const out: string[] = [];
  if (status.stores.length === 0) out.push('No store has been chosen by any shopping list yet.');
  for (const c of status.chains) {
    out.push(
      `${c.chain}: ${c.stores} chosen stores, newest price ${ageText(c.newestSeenAt, now)} old, oldest ${ageText(c.oldestSeenAt, now)} old${c.stalled ? ` - STALLED (no price younger than ${status.staleDays} days)` : ''}`,
    );
    for (const s of status.stores.filter((x) => x.chain === c.chain)) {
      const refresh = s.lastRefresh
        ? `last refresh ${ageText(s.lastRefresh.finishedAt, now)} ago ${s.lastRefresh.ok ? 'ok' : `failed: ${s.lastRefresh.error}`}`
        : 'never refreshed';
      out.push(
        `  ${s.name}: ${s.prices} prices, newest ${ageText(s.newestSeenAt, now)}, oldest ${ageText(s.oldestSeenAt, now)}; ${refresh}`,
      );
    }
  }
  return out;
}

/** The error line logged once a day for each stalled chain. */
export function stalledLines(status: PriceStatus): string[] {
  return status.chains
    .filter((c) => c.stalled)
    .map(
      (c) =>
        `Prices stalled: ${c.chain} has no price younger than ${status.staleDays} days at its ${c.stores} chosen stores (newest ${ageText(c.newestSeenAt, status.now)} old)${c.errors.length ? `; last errors: ${c.errors.slice(0, 3).join(' | ')}` : ''}`,
    );
}
