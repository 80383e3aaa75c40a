// npm run bench:start: how long a newcomer waits on the first start. For each engine, the built
// server (dist/server.js, as `npm start` runs it after its build) is started on an empty data
// folder (SQLite) or an empty database (PostgreSQL, with BENCH_DATABASE_URL: a scratch database is
// created and dropped), and the bench prints the seconds from the process's start to:
// - `/api/health` answering (target: under 5 s on SQLite, under 10 s on PostgreSQL);
// - the first search, after signing in and choosing 6 stores as the store modal does (all at once),
//   whose answer has a price at each of them (target: within 10 s on both).
// BENCH_START_RUNS (1) repeats each engine's start; BENCH_SKIP_SQLITE=1 runs PostgreSQL only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchServer, post, signIn } from './bench-server.js';
import { withScratchDatabase } from './scratch-database.js';

const dist = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_START_RUNS ?? 1);
const POLL_MS = 20;
const STORES_PER_CHAIN = 2;

const since = (started: number) => (performance.now() - started) / 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface StartFigures {
  health: number;
  pricedSearch: number;
  /** What the server printed about its demo catalogue. */
  demoLines: string[];
}

interface StoreRow {
  id: number;
  type: number;
  region?: string | null;
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** Two stores of each chain, as a shopper in Auckland would choose (the first ones listed). */
function sixStores(all: StoreRow[]): number[] {
  return [1, 2, 3].flatMap((type) =>
    all
      .filter((s) => s.type === type)
      .slice(0, STORES_PER_CHAIN)
      .map((s) => s.id),
  );
}

async function firstStart(databaseUrl: string | undefined): Promise<StartFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kete-start-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  const url = `http://127.0.0.1:${port}`;
  const demoLines: string[] = [];
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(dist, 'server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      KETE_DATA_DIR: dataDir,
      KETE_SECRET: 'start-bench-secret-'.repeat(3),
      // Info, for the log's lines about each store's demo prices (the requests are not logged).
      LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!/demo/i.test(line)) continue;
      // The request log's lines are JSON: their message.
      const text = line.startsWith('{') ? String((JSON.parse(line) as { msg?: string }).msg) : line.trim();
      demoLines.push(`${since(started).toFixed(1)} s: ${text}`);
    }
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    let health = Number.NaN;
    while (Number.isNaN(health)) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (since(started) > 600) throw new Error('no answer from /api/health in 10 minutes');
      try {
        if ((await fetch(`${url}/api/health`)).ok) health = since(started);
      } catch {
        // not listening yet
      }
      if (Number.isNaN(health)) await sleep(POLL_MS);
    }

    const token = await signIn({ url } as BenchServer, join(dataDir, 'outbox'), 'first.start@example.com');
    const init = await post(`${url}/api/init/start`, undefined, token);
    const shortCode = (init.workspace as { shortCode: string }).shortCode;
    const storeIds = sixStores((init.stores as { all: StoreRow[] }).all);
    await Promise.all(storeIds.map((id) => post(`${url}/api/${shortCode}/stores/${id}`, undefined, token)));
    let pricedSearch = Number.NaN;
    while (Number.isNaN(pricedSearch)) {
      if (since(started) > 600) throw new Error('no priced search in 10 minutes');
      const answer = await json(
        await fetch(`${url}/api/${shortCode}/products/search`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'milk' }),
        }),
      );
      const products = answer as unknown as { prices: { storeId: number }[] }[];
      const pricedAt = new Set(products.flatMap((p) => p.prices.map((price) => price.storeId)));
      if (products.length > 0 && storeIds.every((id) => pricedAt.has(id))) pricedSearch = since(started);
      else await sleep(POLL_MS);
    }
    return { health, pricedSearch, demoLines };
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(engine: string, figures: StartFigures[], healthTarget: number) {
  for (const [run, f] of figures.entries()) {
    console.log(
      `${engine} first start ${run + 1}: /api/health in ${f.health.toFixed(2)} s (target under ${healthTarget} s: ${f.health < healthTarget ? 'met' : 'NOT met'}); first search priced at 6 chosen stores in ${f.pricedSearch.toFixed(2)} s (target under 10 s: ${f.pricedSearch < 10 ? 'met' : 'NOT met'})`,
    );
    for (const line of f.demoLines) console.log(`    ${line}`);
  }
}

async function main() {
  console.log(`Kete first start (node ${process.version}, ${dist}server.js)`);
  if (process.env.BENCH_SKIP_SQLITE !== '1') {
    const figures: StartFigures[] = [];
    for (let run = 0; run < RUNS; run++) figures.push(await firstStart(undefined));
    report('SQLite', figures, 5);
  }
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) {
    console.log('(PostgreSQL left out: set BENCH_DATABASE_URL=postgres://user@host:5432/db to run it too)');
    return;
  }
  const figures: StartFigures[] = [];
  for (let run = 0; run < RUNS; run++)
    figures.push(await withScratchDatabase(admin, 'kete_start', firstStart));
  report('PostgreSQL', figures, 10);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
