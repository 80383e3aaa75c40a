// npm run bench: the catalogue at the size of New Zealand. Generates every seeded store x 30,000+
// products (~10M current prices) as a feed file, ingests it with `kete ingest`, starts the real
// server and loads it over HTTP. Prints the figures; targets are in the issue (SQLite, 2 cores):
// ingest < 3 min, search p95 < 25 ms at 50 connections, peak memory < 400 MB.
// DATABASE_URL runs it against PostgreSQL (use an empty database: the bench fills it).
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { demoFeed } from '../modules/catalogue/demo/demo-prices.js';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { demoStores } from '../modules/catalogue/demo/demo-seed.js';
import { formatLoad, type LoadFigures, load } from './bench-load.js';
import { post, signIn, startServer } from './bench-server.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
const dist = fileURLToPath(new URL('..', import.meta.url));
const queries = [
  'milk',
  'milk 2l',
  'weet bix',
  'bread',
  'butter',
  'cheese',
  'eggs',
  'chicken',
  'bananas',
  'apples',
  'coffee',
  'tea bags',
  'chocolate',
  'chips',
  'toilet paper',
  'dog food',
  'nappies',
  'ice cream',
  'pasta',
  'rice',
  'yoghurt greek',
  'anchor',
  'whittakers',
  'beef mince',
  'frozen peas',
  '9410000000015',
  'kumara',
  'cat food',
  'dishwasher',
  'orange juice',
];

const seconds = (since: number) => (performance.now() - since) / 1000;

/** 1. The feed file, 2. ingested with the operators' command. */
async function feedAndIngest(
  ctx: Awaited<ReturnType<typeof createContext>>,
  env: NodeJS.ProcessEnv,
  dataDir: string,
) {
  const stores = await demoStores(ctx);
  const feedFile = join(dataDir, 'nz-catalogue.ndjson');
  let started = performance.now();
  const out = createWriteStream(feedFile);
  let lines = 0;
  let chunk: string[] = [];
  const feed = demoFeed(demoProducts(PRODUCTS), stores, { now: Date.now(), weeks: 1, stockShare: 0.87 });
  for (const line of feed) {
    chunk.push(line);
    lines++;
    if (chunk.length === 2000) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end(chunk.length ? `${chunk.join('\n')}\n` : '');
  await once(out, 'finish');
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
    `Ingest: ${lines} rows in ${ingestSeconds.toFixed(1)} s = ${Math.round(lines / ingestSeconds)} rows/s`,
  );
  console.log(`        ${ingest.stdout.trim()}`);
  rmSync(feedFile);
}

async function main() {
  // BENCH_DATA_DIR keeps the ingested catalogue between runs: the first run fills it, later runs
  // go straight to the load phase (for tuning the server without waiting for the ingest again).
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'kete-bench-'));
  const reuse = keptDir !== undefined && existsSync(join(keptDir, 'kete.sqlite'));
  const env = {
    ...process.env,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: '0',
    KETE_SECRET: 'bench-secret-'.repeat(4),
  };
  const config = loadConfig(env);
  console.log(
    `Kete catalogue benchmark (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}), data in ${dataDir}`,
  );

  const ctx = await createContext(config, { startTasks: false });
  if (!reuse) await feedAndIngest(ctx, env, dataDir);
  else console.log('Reusing the catalogue already ingested in BENCH_DATA_DIR');

  let dbMb: number;
  if (config.databaseUrl) {
    const row = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(
      ctx.db,
    );
    dbMb = Number(row.rows[0]?.size ?? 0) / 2 ** 20;
  } else {
    const file = join(dataDir, 'kete.sqlite');
    dbMb =
      [file, `${file}-wal`].reduce((n, f) => n + (statSync(f, { throwIfNoEntry: false })?.size ?? 0), 0) /
      2 ** 20;
  }
  console.log(`Database size: ${dbMb.toFixed(0)} MB`);
  const someProducts = await ctx.db.selectFrom('products').select('id').orderBy('id').limit(500).execute();
  // A 6-store workspace: two stores of each chain in Auckland.
  const auckland = await ctx.db
    .selectFrom('stores')
    .select(['id', 'chain'])
    .where('region', '=', 'Auckland')
    .orderBy('id')
    .execute();
  const six = [1, 2, 3].flatMap((chain) =>
    auckland
      .filter((s) => s.chain === chain)
      .slice(0, 2)
      .map((s) => s.id),
  );
  await ctx.database.close();

  // 3. The real server under load.
  const server = await startServer(join(dist, 'server.js'), env, 3900 + Math.floor(Math.random() * 90));
  try {
    const token = await signIn(server, join(dataDir, 'outbox'), 'bench@example.com');
    const init = await post(`${server.url}/api/init/start`, undefined, token);
    const shortCode = (init.workspace as { shortCode: string }).shortCode;
    for (const id of six) await post(`${server.url}/api/${shortCode}/stores/${id}`, undefined, token);

    const run = { connections: CONNECTIONS, seconds: SECONDS };
    const results: LoadFigures[] = [];
    results.push(
      await load(
        'search',
        server.url,
        token,
        queries.map((text) => ({
          method: 'POST',
          path: `/api/${shortCode}/products/search`,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        })),
        run,
      ),
    );
    // The same searches with a number added, different every request ("milk 4817"): nothing is
    // cached, so this is the cost of ranking, pricing, validating and serialising each time.
    let serial = 0;
    results.push(
      await load(
        'search, uncached',
        server.url,
        token,
        [
          {
            method: 'POST',
            path: `/api/${shortCode}/products/search`,
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              serial++;
              const text = `${queries[serial % queries.length]} ${serial}`;
              return { ...request, body: JSON.stringify({ text }) };
            },
          },
        ],
        run,
      ),
    );
    results.push(
      await load(
        'product prices',
        server.url,
        token,
        someProducts.map((p) => ({ method: 'GET', path: `/api/${shortCode}/products/${p.id}/prices` })),
        run,
      ),
    );
    results.push(
      await load('init/start', server.url, token, [{ method: 'POST', path: '/api/init/start' }], run),
    );
    console.log(`\nLoad: ${CONNECTIONS} connections, ${SECONDS} s each, workspace of ${six.length} stores`);
    for (const r of results) console.log(formatLoad(r));
    console.log(`\nServer peak memory (VmHWM): ${server.peakRssMb().toFixed(0)} MB`);
    console.log(`Total time: ${seconds(startedAll).toFixed(0)} s`);
  } finally {
    await server.stop();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const startedAll = performance.now();
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
