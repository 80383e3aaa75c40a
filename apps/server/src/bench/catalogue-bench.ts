// npm run bench: the catalogue at the size of New Zealand. Generates every seeded store x 30,000+
// products (~10M current prices) as a feed file, ingests it with `kete ingest` (nz-ingest.ts),
// starts the real server (KETE_WORKERS processes) and loads it over HTTP. Prints every figure with
// its ratio to the floor measured in the same run and the target next to it (nz-load-runs.ts,
// load-report.ts); peak memory < 400 MB per process.
// BENCH_SCALE=demo (`npm run bench:demo`) runs the same load at the demo's scale instead, as a
// newcomer's first start has it: the demo catalogue's 3,000 products, and the prices of the 6
// stores the bench's shoppers choose, written by that choice (decision 0016).
// Both engines in one run (issue 47): SQLite always (BENCH_SKIP_SQLITE=1 leaves it out), then, with
// DATABASE_URL (any database on a PostgreSQL server), PostgreSQL in a scratch database of its own
// created on that server and dropped afterwards; then one table of both. With BENCH_DATA_DIR (NZ
// scale, the catalogue kept between runs) PostgreSQL's kept catalogue is DATABASE_URL's database
// itself, so that one must be the bench's own.
import { catalogueRun, DEMO_SCALE, type EngineRun } from './catalogue-bench-engine.js';
import { enginesSummary } from './load-report.js';
import { withScratchDatabase } from './scratch-database.js';

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

async function postgresRun(url: string): Promise<EngineRun> {
  if (!DEMO_SCALE && process.env.BENCH_DATA_DIR) return catalogueRun(url, queries);
  return withScratchDatabase(url, 'kete_bench', (scratch) => catalogueRun(scratch, queries));
}

async function main() {
  const started = performance.now();
  const sqlite = process.env.BENCH_SKIP_SQLITE === '1' ? undefined : await catalogueRun(undefined, queries);
  const url = process.env.DATABASE_URL;
  const postgres = url ? await postgresRun(url) : undefined;
  console.log(
    `\nBoth engines (${DEMO_SCALE ? 'demo scale' : 'NZ scale'}), each run's p95 over its own floor (health, measured right before it):\n`,
  );
  console.log(enginesSummary(sqlite?.results, postgres?.results));
  if (!sqlite) console.log('\nSQLite was not measured (BENCH_SKIP_SQLITE=1).');
  if (!postgres)
    console.log(
      '\nPostgreSQL was not measured: set DATABASE_URL=postgres://user@host:5432/db (a server the bench may create and drop a scratch database on) to run it too.',
    );
  console.log(`\nTotal time: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
