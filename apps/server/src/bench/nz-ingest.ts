// The NZ-scale catalogue for `npm run bench` (catalogue-bench.ts): every seeded store x 30,000+
// products as a feed file, ingested with the operators' command, the price history the history run
// reads, and the stored verdicts. Targets: ingest under 90 s on SQLite, under 5 min on PostgreSQL;
// the ingest's peak memory under 400 MB.
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { createContext } from '../context.js';
import { writeDemoHistory } from '../modules/catalogue/demo/demo-history.js';
import { demoFeed } from '../modules/catalogue/demo/demo-prices.js';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { demoStores } from '../modules/catalogue/demo/demo-seed.js';
import { markVerdictsPending, refreshPendingVerdicts } from '../modules/products/verdict-store.js';
import { writeFeedFile } from './feed-file.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30_000);
const HISTORY_PRODUCTS = Number(process.env.BENCH_HISTORY_PRODUCTS ?? 3000);
const dist = fileURLToPath(new URL('..', import.meta.url));

type Context = Awaited<ReturnType<typeof createContext>>;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** 1. The feed file, 2. ingested with the operators' command. */
export async function feedAndIngest(ctx: Context, env: NodeJS.ProcessEnv, dataDir: string) {
  const stores = await demoStores(ctx);
  const feedFile = join(dataDir, 'nz-catalogue.ndjson');
  let started = performance.now();
  const now = Date.now();
  const lines = await writeFeedFile(
    feedFile,
    demoFeed(demoProducts(PRODUCTS), stores, { now, weeks: 1, stockShare: 0.87 }),
  );
  const feedMb = statSync(feedFile).size / 2 ** 20;
  console.log(
    `Feed: ${lines} lines (${PRODUCTS} products x ${stores.length} stores), ${feedMb.toFixed(0)} MB, written in ${seconds(started).toFixed(0)} s`,
  );

  // 2. Ingest with the operators' command.
  started = performance.now();
  const ingest = spawnSync(process.execPath, [join(dist, 'cli.js'), 'ingest', feedFile], {
    env,
    encoding: 'utf8',
  });
  const ingestSeconds = seconds(started);
  if (ingest.status !== 0) throw new Error(`ingest failed (${ingest.status}): ${ingest.stderr}`);
  console.log(
    `Ingest: ${lines} rows in ${ingestSeconds.toFixed(1)} s = ${Math.round(lines / ingestSeconds)} rows/s (target under ${env.DATABASE_URL ? '300' : '90'} s: ${ingestSeconds < (env.DATABASE_URL ? 300 : 90) ? 'met' : 'NOT met'})`,
  );
  console.log(`        ${ingest.stdout.trim()}`);
  // The command reports its own peak (both its threads); the target is the servers' one.
  const peakMb = Number(/peak memory (\d+) MB/.exec(ingest.stdout)?.[1] ?? Number.NaN);
  console.log(
    `        Ingest peak memory: ${peakMb} MB (target under 400 MB: ${peakMb < 400 ? 'met' : 'NOT met'})`,
  );
  rmSync(feedFile);

  // 3. Price history (issue 12): the demo's eleven earlier weeks at every store for the first
  // BENCH_HISTORY_PRODUCTS products (the ones the history run reads), written as the demo does.
  started = performance.now();
  const historyRows = await writeDemoHistory(
    ctx.db,
    ctx.dialect,
    demoProducts(PRODUCTS).slice(0, HISTORY_PRODUCTS),
    stores,
    { now, stockShare: 0.87 },
  );
  console.log(
    `History: ${historyRows} earlier price changes of ${HISTORY_PRODUCTS} products at every store in ${seconds(started).toFixed(1)} s`,
  );
}

/**
 * 4. Stored verdicts (verdict-store.ts): what the server's keeper does in the background after a
 * large ingest, done here before the load so its time is printed and the load measures the
 * answers as they are once it is done. A kept catalogue from before stored verdicts gets them too.
 */
export async function storeVerdicts(ctx: Context) {
  const any = await ctx.db.selectFrom('price_verdicts').select('product_id').limit(1).executeTakeFirst();
  if (!any) await markVerdictsPending(ctx.db, Date.now());
  const started = performance.now();
  const report = await refreshPendingVerdicts(ctx.db, ctx.dialect, Date.now());
  if (report)
    console.log(
      `Stored verdicts: ${report.verdicts} computed, ${report.written} written in ${seconds(started).toFixed(1)} s (the server's keeper does this after a large ingest; answers use the history meanwhile)`,
    );
}
