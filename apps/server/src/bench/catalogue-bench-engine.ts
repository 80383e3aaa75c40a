// One engine's part of `npm run bench` (catalogue-bench.ts): the catalogue (the demo's, or New
// Zealand's ingested), the real server on it, and every load run against it. SQLite when
// `databaseUrl` is undefined, PostgreSQL at that database otherwise.
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { prepareDemoCatalogue } from '../modules/catalogue/demo/demo-catalogue.js';
import { autovacuumStandIn } from './autovacuum-stand-in.js';
import { startServer } from './bench-server.js';
import { sixAucklandStores } from './bench-stores.js';
import { formatResults, markdownTable } from './load-report.js';
import { feedAndIngest, storeVerdicts } from './nz-ingest.js';
import { type RunResult, runLoad } from './nz-load-runs.js';
import { postgresCheckpoint } from './postgres-checkpoint.js';
import { postgresCpu } from './postgres-cpu.js';

export const DEMO_SCALE = process.env.BENCH_SCALE === 'demo';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 50;
const dist = fileURLToPath(new URL('..', import.meta.url));

export type Engine = 'SQLite' | 'PostgreSQL';

export interface EngineRun {
  engine: Engine;
  results: RunResult[];
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Every load run on one engine; prints its figures and table as it goes. */
export async function catalogueRun(databaseUrl: string | undefined, queries: string[]): Promise<EngineRun> {
  const started = performance.now();
  const engine: Engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  // BENCH_DATA_DIR keeps the ingested catalogue between runs: the first run fills it, later runs
  // go straight to the load phase (for tuning the server without waiting for the ingest again).
  const keptDir = DEMO_SCALE ? undefined : process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'kete-bench-'));
  // On PostgreSQL the kept catalogue is the database itself: a marker per engine, so a directory
  // that holds SQLite's catalogue does not pass an empty PostgreSQL database off as ingested.
  const ingestedMarker = join(dataDir, databaseUrl ? 'ingested-postgres' : 'ingested-sqlite');
  const reuse =
    keptDir !== undefined &&
    (databaseUrl ? existsSync(ingestedMarker) : existsSync(join(keptDir, 'kete.sqlite')));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    KETE_DATA_DIR: dataDir,
    KETE_DEMO_DATA: DEMO_SCALE ? '1' : '0',
    KETE_SECRET: 'bench-secret-'.repeat(4),
    KETE_SIGNIN_RATE_LIMIT: '10000',
    // The write mix is 50 connections of changes from 10 households: far past a household's limit.
    KETE_WRITE_RATE_LIMIT: '1000000',
    // The same-size floors (nz-load-runs.ts).
    KETE_BENCH_ROUTES: '1',
  };
  // SQLite's run is SQLite's even when the bench was given a PostgreSQL server for the other.
  if (!databaseUrl) delete env.DATABASE_URL;
  const config = loadConfig(env);
  console.log(
    `\nKete catalogue benchmark (${engine}, ${DEMO_SCALE ? 'demo scale' : 'NZ scale'}), data in ${dataDir}`,
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
  const six = await sixAucklandStores(ctx.db);
  await ctx.database.close();

  // The real server under load.
  // BENCH_SERVER_JS: another build's server under this same load (a before/after comparison with
  // the load generator unchanged, e.g. a git worktree of an earlier commit, built).
  const serverJs = process.env.BENCH_SERVER_JS ?? join(dist, 'server.js');
  const server = await startServer(serverJs, env, 3900 + Math.floor(Math.random() * 90));
  const vacuum = config.databaseUrl ? await autovacuumStandIn(config.databaseUrl) : undefined;
  const postgres = config.databaseUrl ? await postgresCpu(config.databaseUrl) : undefined;
  const checkpoint = config.databaseUrl ? await postgresCheckpoint(config.databaseUrl) : undefined;
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
        beforeRun: checkpoint
          ? async () => {
              const vacuumed = (await vacuum?.beforeRun()) ?? [];
              if (vacuumed.length > 0) console.log(`Vacuumed before the next run: ${vacuumed.join(', ')}`);
              const ms = await checkpoint.beforeRun();
              if (ms !== null && ms >= 100)
                console.log(`CHECKPOINT before the next run: ${(ms / 1000).toFixed(1)} s`);
            }
          : undefined,
      },
      queries,
    );
    console.log(
      `\nLoad (${engine}, ${config.workers} server processes): ${CONNECTIONS} connections, ${SECONDS} s each, workspace of ${six.length} stores`,
    );
    for (const line of formatResults(results)) console.log(line);
    console.log(`\nAs a table (README):\n\n${markdownTable(results)}\n`);
    const memory = server.memory.peaks();
    console.log(
      `Server peak memory (VmHWM) per process: ${memory.map((m) => `${m.mb.toFixed(0)} MB`).join(', ')} (target < 400 MB each: ${memory.every((m) => m.mb < 400) ? 'met' : 'NOT met'})`,
    );
    console.log(`${engine} took ${seconds(started).toFixed(0)} s`);
    return { engine, results };
  } finally {
    await vacuum?.close();
    await postgres?.close();
    await checkpoint?.close();
    await server.stop();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
