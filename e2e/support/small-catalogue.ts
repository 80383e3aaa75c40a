// A few products at a store of each chain, ingested with `kete ingest` into a PostgreSQL database:
// seeding the demo catalogue into PostgreSQL takes minutes, longer than a test may wait.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceLine, stores } from '../../apps/server/src/test/fixtures/feed-lines.js';

const cli = new URL('../../apps/server/dist/cli.js', import.meta.url).pathname;

export interface FeedProduct {
  productKey: string;
  name: string;
  brand: string;
  size: string;
  price?: number;
}

export const milk: FeedProduct = {
  productKey: 'LIVE-MILK',
  name: 'Blue Top Milk',
  brand: 'Anchor',
  size: '2L',
};
export const bread: FeedProduct = {
  productKey: 'LIVE-BREAD',
  name: 'Toast Bread',
  brand: 'Tip Top',
  size: '700g',
  price: 350,
};

/** Ingests the products, priced at a store of each chain, into the database at `databaseUrl`. */
export function loadSmallCatalogue(databaseUrl: string, products: FeedProduct[] = [milk, bread]): void {
  const dir = mkdtempSync(join(tmpdir(), 'kete-small-feed-'));
  const file = join(dir, 'feed.ndjson');
  const at = [stores.newWorldAlbany, stores.paknsaveAlbany, stores.woolworthsHalswell];
  const lines = at.flatMap((store) => products.map((product) => priceLine(store, { ...product })));
  writeFileSync(file, `${lines.join('\n')}\n`);
  const run = spawnSync(process.execPath, [cli, 'ingest', file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, KETE_DATA_DIR: dir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`ingest failed (${run.status}): ${run.stderr}${run.stdout}`);
}
