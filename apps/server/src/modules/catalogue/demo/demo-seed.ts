// The demo catalogue on start (KETE_DEMO_DATA=0 turns it off), so the app is alive on first start
// without a network: the products at once, each store's prices when it is first chosen
// (demo-catalogue.ts, demo-store-load.ts; decision 0016).
import type { StoreType } from '@kete/shared';
import type { AppContext } from '../../../app-context.js';
import { prepareDemoCatalogue } from './demo-catalogue.js';
import type { DemoStore } from './demo-prices.js';
import { loadChosenDemoStores } from './demo-store-load.js';

export { DEMO_PRODUCTS } from './demo-catalogue.js';

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

/**
 * The start-up work: the demo's products written (or an interrupted demo finished) before the
 * server listens; the stores that shopping lists chose and that have no demo prices yet (an
 * interrupted load) written in the background.
 */
export async function startDemoCatalogue(
  ctx: AppContext,
  log: (line: string) => void,
  options: { products?: number } = {},
): Promise<void> {
  if (!ctx.config.demoData) return;
  await prepareDemoCatalogue(ctx, log, options);
  loadChosenDemoStores(ctx, { info: log, error: log }).catch((error: unknown) =>
    log(`Demo prices of chosen stores could not be written: ${String(error)}`),
  );
}
