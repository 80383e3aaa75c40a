// Seeds the demo catalogue into an empty catalogue on start (KETE_DEMO_DATA=0 turns it off), so
// the app is alive on first start without a network. It goes through the ordinary ingest.
import type { StoreType } from '@kete/shared';
import type { AppContext } from '../../../app-context.js';
import { announceCatalogueChanged } from '../../../lib/catalogue-cache.js';
import { moveCatalogueVersion } from '../../../lib/catalogue-version.js';
import { type IngestReport, ingestLines } from '../../ingest/ingest.service.js';
import { markDemoCatalogue } from '../catalogue-facts.js';
import { writeDemoHistory } from './demo-history.js';
import { DEMO_WEEKS, type DemoStore, demoFeed } from './demo-prices.js';
import { demoProducts } from './demo-products.js';

export const DEMO_PRODUCTS = 3000;

export async function demoStores(ctx: AppContext): Promise<DemoStore[]> {
  const rows = await ctx.db
    .selectFrom('stores')
    .select(['id', 'chain', 'source_id', 'region'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    chain: r.chain as StoreType,
    sourceId: r.source_id,
    region: r.region,
    seed: r.id,
  }));
}

export async function seedDemoCatalogue(
  ctx: AppContext,
  options: { products?: number; weeks?: number } = {},
): Promise<IngestReport & { historyRows: number; historySeconds: number }> {
  const stores = await demoStores(ctx);
  const products = demoProducts(options.products ?? DEMO_PRODUCTS);
  // Whole days, so a restart on the same day writes the same lines.
  const now = Math.floor(ctx.clock.now() / 86_400_000) * 86_400_000;
  // This week through the ordinary ingest; the weeks before it at every store written as history
  // rows directly (demo-history.ts says why).
  const stockShare = 0.92;
  const report = await ingestLines(ctx, demoFeed(products, stores, { now, weeks: 1, stockShare }));
  const started = performance.now();
  const historyRows =
    (options.weeks ?? DEMO_WEEKS) > 1
      ? await writeDemoHistory(ctx.db, ctx.dialect, products, stores, { now, stockShare })
      : 0;
  // The history changed after the ingest announced itself: every process forgets again.
  await moveCatalogueVersion(ctx.db);
  announceCatalogueChanged();
  return { ...report, historyRows, historySeconds: (performance.now() - started) / 1000 };
}

export async function seedDemoIfEmpty(
  ctx: AppContext,
  log: (line: string) => void,
  options: { products?: number } = {},
): Promise<void> {
  if (!ctx.config.demoData) return;
  const any = await ctx.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const started = performance.now();
  log('The catalogue is empty: loading the demo catalogue (KETE_DEMO_DATA=0 turns this off)...');
  const report = await seedDemoCatalogue(ctx, options);
  await markDemoCatalogue(ctx.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `Demo catalogue loaded: ${report.productsCreated} products, ${report.pricesAdded} prices, ${report.historyRows} earlier price changes (${report.historySeconds.toFixed(1)} s of it) in ${seconds} s.`,
  );
}
