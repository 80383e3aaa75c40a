// A store's demo prices, written when a shopping list first chooses the store (decision 0016): this
// week's prices, the eleven weeks before as history, and the verdicts of the prices, in one
// transaction that also marks the store loaded. Through the ingest's price writer, so PostgreSQL
// gets the ingest's bulk statements (`unnest`), SQLite its multi-row ones.
//
// Whoever chooses a store first writes it (about 0.1-0.3 s, once per store ever); anyone choosing
// it meanwhile, in any process, waits for that transaction (its store row is locked: SQLite's
// write lock, PostgreSQL's row lock on the conflicting key) and then finds it loaded. Every server
// process forgets its catalogue caches before the chooser hears back, so the very next request,
// whichever process it reaches, sees the prices.
import type { StoreType } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import type { DB } from '../../../db/schema.js';
import { CATALOGUE_CHANGED } from '../../../lib/catalogue-cache.js';
import { moveCatalogueVersion } from '../../../lib/catalogue-version.js';
import { publishAndWait } from '../../../lib/process-bus.js';
import { PriceWriter } from '../../ingest/price-writer.js';
import { writeVerdicts } from '../../products/verdict-rows.js';
import { verdictsFromHistory } from '../../products/verdict-store.js';
import { type DemoPlan, loadableDemo } from './demo-catalogue.js';
import { demoStoreWeeks } from './demo-observations.js';
import { type DemoProduct, demoProducts } from './demo-products.js';

export interface DemoStoreLoad {
  storeId: number;
  prices: number;
  historyRows: number;
  seconds: number;
}

/** The demo's products with their ids (by barcode), in id order; kept per database and plan. */
const productIds = new WeakMap<
  Kysely<DB>,
  { plan: string; products: Promise<{ p: DemoProduct; id: number }[]> }
>();
function demoProductIds(db: Kysely<DB>, plan: DemoPlan): Promise<{ p: DemoProduct; id: number }[]> {
  const key = JSON.stringify(plan);
  const kept = productIds.get(db);
  if (kept?.plan === key) return kept.products;
  const products = (async () => {
    const byBarcode = new Map(
      (await db.selectFrom('product_barcodes').select(['barcode', 'product_id']).execute()).map((r) => [
        r.barcode,
        r.product_id,
      ]),
    );
    return demoProducts(plan.products)
      .map((p) => ({ p, id: byBarcode.get(p.barcode) }))
      .filter((e): e is { p: DemoProduct; id: number } => e.id !== undefined)
      .sort((a, b) => a.id - b.id);
  })();
  products.catch(() => productIds.delete(db));
  productIds.set(db, { plan: key, products });
  return products;
}

/** Where a load says what it did (a request's log, or the console at start). */
export interface DemoLog {
  info(line: string): void;
  error(line: string): void;
}

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/**
 * Writes the demo prices of this store unless they are there (or the catalogue is not a demo that
 * still loads stores). Returns what it wrote, or undefined when it wrote nothing.
 */
export async function loadDemoStore(ctx: AppContext, storeId: number): Promise<DemoStoreLoad | undefined> {
  const loaded = await ctx.db
    .selectFrom('demo_store_loads')
    .select('store_id')
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (loaded) return undefined;
  const plan = await loadableDemo(ctx.db);
  if (!plan) return undefined;
  const store = await ctx.db
    .selectFrom('stores')
    .select(['id', 'chain', 'source_id', 'region'])
    .where('id', '=', storeId)
    .executeTakeFirst();
  if (!store) return undefined;
  const started = performance.now();
  const products = await demoProductIds(ctx.db, plan);
  const weeks = demoStoreWeeks(
    products,
    {
      id: store.id,
      chain: store.chain as StoreType,
      sourceId: store.source_id,
      region: store.region,
      seed: store.id,
    },
    plan.day,
  );
  const now = ctx.clock.now();
  const verdicts = verdictsFromHistory(weeks.history, now);
  const written = await ctx.db.transaction().execute(async (trx) => {
    // The claim first: whoever else is writing this store holds its key until they commit.
    const claimed = await trx
      .insertInto('demo_store_loads')
      .values({ store_id: storeId, loaded_at: now })
      .onConflict((oc) => oc.column('store_id').doNothing())
      .returning('store_id')
      .executeTakeFirst();
    if (!claimed) return false;
    // The generated weeks are complete and in order, and no feed backfills them: change points only
    // (a row per week would triple the first store's write; decision 0016).
    await new PriceWriter(ctx.dialect, { keepConfirmations: false }).write(trx, weeks.observations);
    await writeVerdicts(trx, ctx.dialect, verdicts);
    return true;
  });
  if (!written) return undefined;
  await moveCatalogueVersion(ctx.db);
  await publishAndWait(CATALOGUE_CHANGED);
  // Fresh statistics as the tables grow (each time the loaded stores double: the planner's view
  // stays within a factor of two of the truth, and the work stays proportional to what is loaded).
  const count = await ctx.db
    .selectFrom('demo_store_loads')
    .select(ctx.db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (isPowerOfTwo(Number(count.n))) {
    // SQLite: only the table whose indexes are chosen between (the specials' partial index).
    if (ctx.dialect === 'sqlite') await sql`analyze prices`.execute(ctx.db);
    else await sql`analyze prices, price_history, price_verdicts`.execute(ctx.db);
  }
  return {
    storeId,
    prices: verdicts.length,
    historyRows: weeks.history.length,
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The store's demo prices before a shopping list adds it: written now if they are not there yet.
 * Never fails the choice (a failure is logged; the store is loaded on the next start).
 */
export async function demoPricesFor(ctx: AppContext, storeId: number, log: DemoLog): Promise<void> {
  try {
    const load = await loadDemoStore(ctx, storeId);
    if (load)
      log.info(
        `Demo prices written for store ${storeId}: ${load.prices} prices, ${load.historyRows} price changes over 12 weeks, in ${load.seconds.toFixed(2)} s`,
      );
  } catch (error) {
    log.error(
      `Demo prices for store ${storeId} could not be written (tried again on the next start): ${String(error)}`,
    );
  }
}

/** On start: every store some shopping list has chosen whose demo prices are not there yet. */
export async function loadChosenDemoStores(ctx: AppContext, log: DemoLog): Promise<void> {
  if (!(await loadableDemo(ctx.db))) return;
  const missing = await ctx.db
    .selectFrom('workspace_stores')
    .select('store_id')
    .distinct()
    .where('store_id', 'not in', ctx.db.selectFrom('demo_store_loads').select('store_id'))
    .orderBy('store_id')
    .execute();
  for (const { store_id } of missing) await demoPricesFor(ctx, store_id, log);
}
