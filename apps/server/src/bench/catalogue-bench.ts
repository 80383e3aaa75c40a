// npm run bench: the catalogue at the size of New Zealand. Generates every seeded store x 30,000+
// products (~10M current prices) as a feed file, ingests it with `kete ingest`, starts the real
// server (KETE_WORKERS processes) and loads it over HTTP. Prints every figure with its ratio to
// the floor measured in the same run and the target next to it (see nz-load-runs.ts); ingest
// targets: under 90 s on SQLite, under 5 min on PostgreSQL; peak memory < 400 MB per process.
// DATABASE_URL runs it against PostgreSQL (use an empty database: the bench fills it).
// BENCH_SCALE=demo (`npm run bench:demo`) runs the same load at the demo's scale instead, as a
// newcomer's first start has it: the demo catalogue's 3,000 products, and the prices of the 6
// stores the bench's shoppers choose, written by that choice (decision 0016).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { prepareDemoCatalogue } from '../modules/catalogue/demo/demo-catalogue.js';
import { writeDemoHistory } from '../modules/catalogue/demo/demo-history.js';
import { demoFeed } from '../modules/catalogue/demo/demo-prices.js';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { demoStores } from '../modules/catalogue/demo/demo-seed.js';
import { markVerdictsPending, refreshPendingVerdicts } from '../modules/products/verdict-store.js';
import { autovacuumStandIn } from './autovacuum-stand-in.js';
import { startServer } from './bench-server.js';
import { writeFeedFile } from './feed-file.js';
import { formatResults, markdownTable, runLoad } from './nz-load-runs.js';
import { postgresCpu } from './postgres-cpu.js';

const DEMO_SCALE = process.env.BENCH_SCALE === 'demo';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 30_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const HISTORY_PRODUCTS = Number(process.env.BENCH_HISTORY_PRODUCTS ?? 3000);
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
async function storeVerdicts(ctx: Awaited<ReturnType<typeof createContext>>) {
  const any = await ctx.db.selectFrom('price_verdicts').select('product_id').limit(1).executeTakeFirst();
  if (!any) await markVerdictsPending(ctx.db, Date.now());
  const started = performance.now();
  const report = await refreshPendingVerdicts(ctx.db, ctx.dialect, Date.now());
  if (report)
    console.log(
      `Stored verdicts: ${report.verdicts} computed, ${report.written} written in ${seconds(started).toFixed(1)} s (the server's keeper does this after a large ingest; answers use the history meanwhile)`,
    );
}

async function main() {
  // BENCH_DATA_DIR keeps the ingested catalogue between runs: the first run fills it, later runs
  // go straight to the load phase (for tuning the server without waiting for the ingest again).
  const keptDir = DEMO_SCALE ? undefined : process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'kete-bench-'));
  // On PostgreSQL the kept catalogue is the database itself: a marker per engine, so a directory
  // that holds SQLite's catalogue does not pass an empty PostgreSQL database off as ingested.
  const ingestedMarker = join(dataDir, process.env.DATABASE_URL ? 'ingested-postgres' : 'ingested-sqlite');
  const reuse =
    keptDir !== undefined &&
    (process.env.DATABASE_URL ? existsSync(ingestedMarker) : existsSync(join(keptDir, 'kete.sqlite')));
  const env = {
    ...process.env,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: DEMO_SCALE ? '1' : '0',
    KETE_SECRET: 'bench-secret-'.repeat(4),
    KETE_SIGNIN_RATE_LIMIT: '10000',
    // The write mix is 50 connections of changes from 10 households: far past a household's limit.
    KETE_WRITE_RATE_LIMIT: '1000000',
    // The same-size floors (nz-load-runs.ts).
    KETE_BENCH_ROUTES: '1',
  };
  const config = loadConfig(env);
  console.log(
    `Kete catalogue benchmark (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${DEMO_SCALE ? 'demo scale' : 'NZ scale'}), data in ${dataDir}`,
  );

  const ctx = await createContext(config, { startTasks: false });
  if (DEMO_SCALE) {
    const demo = await prepareDemoCatalogue(ctx, (line) => console.log(line));
    if (demo.outcome !== 'written') throw new Error('BENCH_SCALE=demo needs an empty database');
  } else if (!reuse) {
    await feedAndIngest(ctx, env, dataDir);
    writeFileSync(ingestedMarker, new Date().toISOString());
  } else console.log('Reusing the catalogue already ingested in BENCH_DATA_DIR');
  // At the demo's scale each store's verdicts are written with its prices.
  if (!DEMO_SCALE) await storeVerdicts(ctx);

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
  // BENCH_SERVER_JS: another build's server under this same load (a before/after comparison with
  // the load generator unchanged, e.g. a git worktree of an earlier commit, built).
  const serverJs = process.env.BENCH_SERVER_JS ?? join(dist, 'server.js');
  const server = await startServer(serverJs, env, 3900 + Math.floor(Math.random() * 90));
  const vacuum = config.databaseUrl ? await autovacuumStandIn(config.databaseUrl) : undefined;
  const postgres = config.databaseUrl ? await postgresCpu(config.databaseUrl) : undefined;
  try {
    const results = await runLoad(
      {
        server,
        outbox: join(dataDir, 'outbox'),
        storeIds: six,
        productIds: someProducts.map((p) => p.id),
        connections: CONNECTIONS,
        seconds: SECONDS,
        postgresCpu: postgres,
        beforeRun: vacuum
          ? async () => {
              const vacuumed = await vacuum.beforeRun();
              if (vacuumed.length > 0) console.log(`Vacuumed before the next run: ${vacuumed.join(', ')}`);
            }
          : undefined,
      },
      queries,
    );
    const dialect = config.databaseUrl ? 'PostgreSQL' : 'SQLite';
    console.log(
      `\nLoad (${dialect}, ${config.workers} server processes): ${CONNECTIONS} connections, ${SECONDS} s each, workspace of ${six.length} stores`,
    );
    for (const line of formatResults(results)) console.log(line);
    console.log(`\nAs a table (README):\n\n${markdownTable(results)}\n`);
    const memory = server.memory.peaks();
    console.log(
      `Server peak memory (VmHWM) per process: ${memory.map((m) => `${m.mb.toFixed(0)} MB`).join(', ')} (target < 400 MB each: ${memory.every((m) => m.mb < 400) ? 'met' : 'NOT met'})`,
    );
    console.log(`Total time: ${seconds(startedAll).toFixed(0)} s`);
  } finally {
    await vacuum?.close();
    await postgres?.close();
    await server.stop();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const startedAll = performance.now();
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
