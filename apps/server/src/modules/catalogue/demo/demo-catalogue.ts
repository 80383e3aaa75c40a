// The demo catalogue's life (decision 0016). A first start writes only the demo's 3,000 products
// (about a second); each store's prices, specials and twelve weeks of history are written when a
// shopping list first chooses that store (demo-store-load.ts), so the server answers within seconds
// and holds the prices of the stores its households use, not of all 389.
//
// The demo is marked 'loading' (with the day its weeks count back from) before anything of it is
// written, and '1' in the same transaction that writes its products; each store is marked loaded
// in the transaction that writes its prices. So an interrupted first start (a full disk, kill -9)
// leaves a catalogue that says it is the demo, and the next start finishes it.
import { StoreType } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../../app-context.js';
import type { DB } from '../../../db/schema.js';
import { announceCatalogueChanged } from '../../../lib/catalogue-cache.js';
import { moveCatalogueVersion } from '../../../lib/catalogue-version.js';
import { loadCatalogueState } from '../../ingest/catalogue-state.js';
import { productResolver } from '../../ingest/product-resolver.js';
import { indexProducts } from '../../products/search/search-index.js';
import { DEMO, DEMO_LOADING, DEMO_READY } from '../catalogue-facts.js';
import { DEMO_CHAINS, demoProductLine } from './demo-observations.js';
import { productKey } from './demo-prices.js';
import { demoProducts, ean13 } from './demo-products.js';

export const DEMO_PRODUCTS = 3000;
const DAY_MS = 86_400_000;

/** catalogue_facts key: what the demo being written is (JSON of DemoPlan). */
const PLAN = 'demo-plan';

/** What a demo catalogue is: how many products, and the day its weeks count back from. */
export interface DemoPlan {
  products: number;
  /** Midnight (UTC, epoch ms) of the first start: every store's weeks end on it. */
  day: number;
}

async function factOf(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('catalogue_facts')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/**
 * The demo whose stores may still be loaded: the catalogue is the demo, written by this version,
 * and holds no other products (once real prices arrive, no demo prices are added to them).
 */
export async function loadableDemo(db: Kysely<DB>): Promise<DemoPlan | undefined> {
  const [state, plan, count] = await Promise.all([
    factOf(db, DEMO),
    factOf(db, PLAN),
    db.selectFrom('products').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  if (state !== DEMO_READY || plan === undefined) return undefined;
  const parsed = JSON.parse(plan) as DemoPlan;
  return Number(count.n) <= parsed.products ? parsed : undefined;
}

/**
 * A demo catalogue left by an older Kete's first start that was interrupted: it marked the demo
 * only once everything was written, so such a catalogue has the demo's products and some of their
 * prices but no mark. Known by the demo's first product (its barcode and Woolworths key).
 */
async function unmarkedDemo(db: Kysely<DB>): Promise<boolean> {
  const first = demoProducts(1)[0];
  if (!first) return false;
  const row = await db
    .selectFrom('product_barcodes as b')
    .innerJoin('product_sources as s', 's.product_id', 'b.product_id')
    .select('b.product_id')
    .where('b.barcode', '=', ean13(0))
    .where('s.chain', '=', StoreType.Woolworths)
    .where('s.product_key', '=', productKey(first, StoreType.Woolworths))
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the demo as being written, before any of it is (nothing happens if it is marked). */
async function markLoading(db: Kysely<DB>, plan: DemoPlan): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('catalogue_facts')
      .values([
        { key: DEMO, value: DEMO_LOADING },
        { key: PLAN, value: JSON.stringify(plan) },
      ])
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  // Every process says "demo" from now on, whatever happens next.
  await moveCatalogueVersion(db);
  announceCatalogueChanged();
}

/**
 * Writes the demo's products (with their chains' keys, barcodes and search documents) through the
 * ingest's product resolver, and marks the demo written, in one transaction. Only the process
 * that finds the demo still 'loading' writes it. Returns how many products it created.
 */
export async function writeDemoProducts(ctx: AppContext, plan: DemoPlan): Promise<number | undefined> {
  const state = await loadCatalogueState(ctx.db);
  const now = ctx.clock.now();
  const written = await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('catalogue_facts')
      .set({ value: DEMO_READY })
      .where('key', '=', DEMO)
      .where('value', '=', DEMO_LOADING)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const resolver = productResolver(state, now, ctx.dialect);
    resolver.batch(trx);
    let created = 0;
    for (const p of demoProducts(plan.products))
      for (const chain of DEMO_CHAINS)
        if (resolver.resolve(demoProductLine(p, chain, now)).created) created++;
    await resolver.commit();
    await indexProducts(trx, ctx.dialect, resolver.touchedProducts());
    return created;
  });
  if (written === undefined) return undefined;
  await moveCatalogueVersion(ctx.db);
  announceCatalogueChanged();
  return written;
}

/**
 * A catalogue that an older Kete's interrupted first start left (unmarked): its prices are removed
 * (they are an unknown part of the demo's), its products kept (lists may point at them), and the
 * demo is marked and written again from there.
 */
async function removeUnmarkedDemoPrices(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from price_verdicts`.execute(trx);
    await sql`delete from prices`.execute(trx);
    await sql`delete from price_history`.execute(trx);
  });
}

export interface DemoStart {
  /** What this start did: wrote the demo's products, found it written, or left the catalogue be. */
  outcome: 'written' | 'ready' | 'none';
  products?: number;
  seconds?: number;
}

/**
 * On start (KETE_DEMO_DATA=1): an empty catalogue gets the demo's products; a demo whose first
 * start was interrupted is finished. Stores are loaded when chosen (demo-store-load.ts).
 */
export async function prepareDemoCatalogue(
  ctx: AppContext,
  log: (line: string) => void,
  options: { products?: number } = {},
): Promise<DemoStart> {
  if (!ctx.config.demoData) return { outcome: 'none' };
  const started = performance.now();
  const state = await factOf(ctx.db, DEMO);
  if (state === DEMO_READY) return { outcome: 'ready' };
  if (state === undefined) {
    const any = await ctx.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
    if (any && !(await unmarkedDemo(ctx.db))) return { outcome: 'none' };
    if (any) {
      log('The demo catalogue was not finished by an earlier start: its prices are written again...');
      await removeUnmarkedDemoPrices(ctx.db);
    } else log('The catalogue is empty: loading the demo catalogue (KETE_DEMO_DATA=0 turns this off)...');
    const day = Math.floor(ctx.clock.now() / DAY_MS) * DAY_MS;
    await markLoading(ctx.db, { products: options.products ?? DEMO_PRODUCTS, day });
  } else log('The demo catalogue was not finished by an earlier start: finishing it...');
  const plan = JSON.parse((await factOf(ctx.db, PLAN)) ?? 'null') as DemoPlan | null;
  const products = plan ? await writeDemoProducts(ctx, plan) : undefined;
  const seconds = (performance.now() - started) / 1000;
  if (products !== undefined)
    log(
      `Demo catalogue ready: ${products} products in ${seconds.toFixed(1)} s. Each store's demo prices (12 weeks) are written when a shopping list first chooses it.`,
    );
  return { outcome: 'written', products, seconds };
}
