// Writes the bench's NZ catalogue feed (every seeded store x 30,000 products, ~10.15M lines) to a
// file and keeps it, for timing and profiling `kete ingest` without the rest of the bench:
//   tsc -b apps/server && node apps/server/dist/bench/write-nz-feed.js /tmp/kete-feed/nz-catalogue.ndjson
// The lines are the ones catalogue-bench.ts writes (same generator, same options); the store list
// comes from a throwaway SQLite database seeded the way every database is (migrate + seed stores).
// BENCH_PRODUCTS changes the product count; FEED_NOW fixes the observation time (epoch ms).
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { demoFeed } from '../modules/catalogue/demo/demo-prices.js';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { demoStores } from '../modules/catalogue/demo/demo-seed.js';
import { writeFeedFile } from './feed-file.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30_000);

async function main() {
  const file = process.argv[2] ?? '/tmp/kete-feed/nz-catalogue.ndjson';
  mkdirSync(dirname(file), { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-feed-stores-'));
  const env = {
    ...process.env,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: '0',
    KETE_SECRET: 'bench-secret-'.repeat(4),
    DATABASE_URL: '',
  };
  const ctx = await createContext(loadConfig(env), { startTasks: false });
  const stores = await demoStores(ctx);
  ctx.mailer.close();
  await ctx.database.close();
  rmSync(dataDir, { recursive: true, force: true });

  const started = performance.now();
  const now = Number(process.env.FEED_NOW ?? Date.now());
  const lines = await writeFeedFile(
    file,
    demoFeed(demoProducts(PRODUCTS), stores, { now, weeks: 1, stockShare: 0.87 }),
  );
  const mb = statSync(file).size / 2 ** 20;
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${file}: ${lines} lines (${PRODUCTS} products x ${stores.length} stores), ${mb.toFixed(0)} MB, ${seconds.toFixed(0)} s`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
