// Stored verdicts (decision 0011). Reading a price's history for its verdict was about half of a
// new search's time at NZ scale and most of a 60-item cart's, so verdicts are computed ahead: after
// an ingest for the products it changed, and each day for those whose windows moved on. Each row
// says for which price and until which day it holds (verdictValidUntil: a price that never changed
// keeps its verdict, most of the 10M). A stored verdict is only an accelerator: a reader uses it
// while it holds and computes the verdict from the history otherwise (price-verdicts.ts), so an
// answer is the same with or without it.
import { DAY_MS, type PricePoint, type PriceVerdict, priceVerdict, verdictValidUntil } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Db } from '../ingest/raw-sql.js';
import {
  deleteVerdicts,
  fromVerdictTuple,
  HISTORY_COLUMNS,
  type ProductSet,
  tuplesOf,
  VERDICT_COLUMNS,
  type VerdictTuple,
  writeVerdicts,
} from './verdict-rows.js';

/** Products per step: each step is one read of their history and one short transaction. SQLite
 * answers on the event loop, so a step is also how long a request in the same process may wait:
 * 50 products at 389 stores are ~25 ms. */
const PRODUCTS_PER_STEP = 50;

export const dayOf = (now: number) => Math.floor(now / DAY_MS);

/** A stored row: the verdict, the price it is for, and the days it holds (from <= day < until). */
export interface StoredVerdict extends PriceVerdict {
  productId: number;
  storeId: number;
  price: number;
  promotionType: number;
  validFrom: number;
  validUntil: number;
}

/** A history row as the refresh reads it: product, store, observed at, price, promotion type,
 * multibuy quantity, multibuy price. Arrays, not objects: a full refresh reads ~10M of them. */
export type HistoryTuple = [number, number, number, number | null, number, number | null, number | null];

const pointOf = (r: HistoryTuple): PricePoint => ({
  observedAt: r[2],
  price: r[3],
  promotionType: r[4],
  multibuyQuantity: r[5],
  multibuyPrice: r[6],
});

/**
 * The verdict of each pair whose history is given (rows sorted by product, store, then time), as
 * of `now`; none for a pair that is not on sale (its last point is a delisting). The whole history
 * counts, as the on-demand reader reads it (price-verdicts.ts), so both give the same verdict.
 */
export function verdictsFromHistory(rows: HistoryTuple[], now: number): StoredVerdict[] {
  const today = dayOf(now);
  const out: StoredVerdict[] = [];
  let start = 0;
  while (start < rows.length) {
    const first = rows[start] as HistoryTuple;
    let end = start + 1;
    while (end < rows.length) {
      const r = rows[end] as HistoryTuple;
      if (r[0] !== first[0] || r[1] !== first[1]) break;
      end++;
    }
    const pairStart = start;
    start = end;
    // The pair's last point at `now` is its current price.
    let last = end - 1;
    while (last >= pairStart && (rows[last] as HistoryTuple)[2] > now) last--;
    if (last < pairStart) continue;
    const current = rows[last] as HistoryTuple;
    if (current[3] === null) continue;
    const points = rows.slice(pairStart, last + 1).map(pointOf);
    // A point still to come (a feed dated ahead) changes the verdict on its day.
    const next = last + 1 < end ? dayOf((rows[last + 1] as HistoryTuple)[2]) : null;
    const until = verdictValidUntil(points, now);
    out.push({
      productId: first[0],
      storeId: first[1],
      price: current[3],
      promotionType: current[4],
      ...priceVerdict(points, now),
      validFrom: today,
      validUntil: next === null ? until : Math.max(today + 1, Math.min(until, next)),
    });
  }
  return out;
}

const sameVerdict = (a: StoredVerdict, b: StoredVerdict) =>
  a.price === b.price &&
  a.promotionType === b.promotionType &&
  a.priorPrice === b.priorPrice &&
  a.usualPrice === b.usualPrice &&
  a.lowest365 === b.lowest365 &&
  a.dealRating === b.dealRating &&
  a.validFrom === b.validFrom &&
  a.validUntil === b.validUntil;

export interface RefreshReport {
  /** Prices whose verdict was computed. */
  verdicts: number;
  /** Stored rows written (new or changed) and deleted (the price is gone). */
  written: number;
  deleted: number;
}

/** One step: these products' verdicts computed, and the stored ones that changed rewritten. */
async function refreshStep(
  db: Kysely<DB>,
  dialect: Dialect,
  now: number,
  products: ProductSet,
  report: RefreshReport,
) {
  const history = await tuplesOf<HistoryTuple>(db, dialect, 'price_history', HISTORY_COLUMNS, 3, products);
  const fresh = verdictsFromHistory(history, now);
  report.verdicts += fresh.length;
  // Let requests waiting in this process go first.
  await new Promise((resolve) => setImmediate(resolve));
  await db.transaction().execute(async (trx) => {
    const stored = (
      await tuplesOf<VerdictTuple>(trx, dialect, 'price_verdicts', VERDICT_COLUMNS, 2, products)
    ).map(fromVerdictTuple);
    // Both lists are in key order: walk them together.
    const changed: StoredVerdict[] = [];
    const gone: StoredVerdict[] = [];
    let k = 0;
    for (const v of fresh) {
      while (k < stored.length && compareKeys(stored[k] as StoredVerdict, v) < 0)
        gone.push(stored[k++] as StoredVerdict);
      const before =
        k < stored.length && compareKeys(stored[k] as StoredVerdict, v) === 0 ? stored[k++] : undefined;
      if (!before || !sameVerdict(before, v)) changed.push(v);
    }
    while (k < stored.length) gone.push(stored[k++] as StoredVerdict);
    await writeVerdicts(trx, dialect, changed);
    await deleteVerdicts(trx, dialect, gone);
    report.written += changed.length;
    report.deleted += gone.length;
  });
}

const compareKeys = (a: StoredVerdict, b: StoredVerdict) =>
  a.productId - b.productId || a.storeId - b.storeId;

/**
 * The verdicts of these products (every product when none are given) as of `now`, some products
 * at a time, each step in its own transaction: a writer waits for one step, never for the whole
 * refresh. Only verdicts that changed are written.
 */
export async function refreshVerdicts(
  db: Kysely<DB>,
  dialect: Dialect,
  now: number,
  productIds?: Iterable<number>,
): Promise<RefreshReport> {
  const report: RefreshReport = { verdicts: 0, written: 0, deleted: 0 };
  if (productIds) {
    const ids = [...productIds].sort((a, b) => a - b);
    for (let i = 0; i < ids.length; i += PRODUCTS_PER_STEP)
      await refreshStep(db, dialect, now, ids.slice(i, i + PRODUCTS_PER_STEP), report);
    return report;
  }
  const bounds = await db
    .selectFrom('products')
    .select([sql<number | null>`min(id)`.as('lo'), sql<number | null>`max(id)`.as('hi')])
    .executeTakeFirst();
  const hi = bounds?.hi ?? 0;
  for (let first = bounds?.lo ?? 1; first <= hi; first += PRODUCTS_PER_STEP)
    await refreshStep(db, dialect, now, { from: first, to: first + PRODUCTS_PER_STEP }, report);
  // Every verdict now holds today: nothing falls due until tomorrow.
  await setFact(db, DUE_DAY_KEY, String(dayOf(now)));
  return report;
}

/** catalogue_facts key: the last day whose due verdicts were stored. */
const DUE_DAY_KEY = 'verdicts-due-day';

async function setFact(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('catalogue_facts')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** catalogue_facts key: set when verdicts were left for later (a large ingest, history written
 * outside the ingest); its value changes each time, so a refresh clears only what it covered. */
const PENDING_KEY = 'verdicts-pending';

/** Leaves every verdict to be stored again by the server's keeper (verdict-keeper.ts). */
export async function markVerdictsPending(db: Db, now: number): Promise<void> {
  await setFact(db, PENDING_KEY, `${now}-${Math.random().toString(36).slice(2)}`);
}

/**
 * If verdicts were left for later, stores them all now; returns what it did, or null when nothing
 * was pending. A mark set while this runs stays for the next time.
 */
export async function refreshPendingVerdicts(
  db: Kysely<DB>,
  dialect: Dialect,
  now: number,
): Promise<RefreshReport | null> {
  const mark = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', PENDING_KEY)
    .executeTakeFirst();
  if (!mark) return null;
  const report = await refreshVerdicts(db, dialect, now);
  await db
    .deleteFrom('catalogue_facts')
    .where('key', '=', PENDING_KEY)
    .where('value', '=', mark.value)
    .execute();
  // Left for later means a bulk load: PostgreSQL plans with the table's new size from now on
  // rather than when autovacuum gets round to it (as the ingest does for its own tables).
  if (dialect === 'postgres') await sql`analyze price_verdicts`.execute(db);
  return report;
}

/**
 * The day's work, once a day: the products with a stored verdict that no longer holds today.
 * Returns null when today's was done already.
 */
export async function refreshDueVerdicts(
  db: Kysely<DB>,
  dialect: Dialect,
  now: number,
): Promise<RefreshReport | null> {
  const today = dayOf(now);
  const done = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', DUE_DAY_KEY)
    .executeTakeFirst();
  if (done?.value === String(today)) return null;
  const due = await db
    .selectFrom('price_verdicts')
    .select('product_id')
    .distinct()
    .where((eb) => eb.or([eb('valid_until', '<=', today), eb('valid_from', '>', today)]))
    .execute();
  const report = await refreshVerdicts(
    db,
    dialect,
    now,
    due.map((r) => r.product_id),
  );
  await setFact(db, DUE_DAY_KEY, String(today));
  return report;
}
