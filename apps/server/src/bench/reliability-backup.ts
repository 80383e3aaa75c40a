// The backup part of `npm run bench:reliability` (reliability-bench.ts calls it): a backup of the
// running server's database while the households' load goes on, restored into a new place, checked
// for every write acknowledged before the backup began. SQLite: `kete backup` and `kete restore`
// (and, for comparison, sqlite3's `.backup`, which README used to advise, when sqlite3 is installed).
// PostgreSQL: pg_dump and pg_restore, when installed. Prints how long, how big, and what the load
// saw before and during the backup. BENCH_BACKUP_PRODUCTS (50,000) sizes the database first.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromQuantityUnits, StoreType } from '@kete/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { readSeedStores } from '../db/seed/stores.js';
import { type BenchServer, post, signIn } from './bench-server.js';
import type { FaultRun } from './reliability-faults.js';
import { type LoadFigures, newFigures, percentile, runHouseholds, type Shopper } from './reliability-load.js';

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
const MARKERS = 4;
/**
 * Products added before the backup run (BENCH_BACKUP_PRODUCTS), priced at two stores of each chain,
 * so the backup copies a database of some size (the households' catalogue alone is about 1 MB).
 */
const BALLAST_PRODUCTS = Number(process.env.BENCH_BACKUP_PRODUCTS ?? 50_000);
const FEED_CHAINS = {
  [StoreType.NewWorld]: 'newworld',
  [StoreType.PakNSave]: 'paknsave',
  [StoreType.Woolworths]: 'woolworths',
};
/** The first two seeded stores of each chain. */
const ballastStores = () =>
  Object.entries(FEED_CHAINS).flatMap(([type, chain]) =>
    readSeedStores()
      .filter((store) => store.chain === Number(type))
      .slice(0, 2)
      .map((store) => ({ chain, store: store.source_id })),
  );
const MARKER_INTERVAL_MS = 250;

export interface BackupPlace {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  outbox: string;
  databaseUrl: string | undefined;
}

interface Finished {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a command to its end (or `limitMs`, then kills it: code null). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, limitMs = 600_000): Promise<Finished> {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, { env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: signal ? null : code, output: output.trim(), ms: performance.now() - started });
    }),
  );
}

/** Ingests the ballast through `kete ingest` (another process, as an operator's feed would be). */
async function addBallast(work: string, place: BackupPlace, log: (line: string) => void) {
  const file = join(work, 'ballast.ndjson');
  const out = createWriteStream(file);
  const stores = ballastStores();
  for (let i = 0; i < BALLAST_PRODUCTS; i++) {
    for (const at of stores) {
      const line = JSON.stringify({
        ...at,
        productKey: `BALLAST-${i}`,
        name: `Archive item ${i}`,
        brand: 'Ballast',
        size: '500g',
        price: 100 + ((i * 31 + at.store.length) % 2000),
        observedAt: Date.now(),
      });
      if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  const ingest = await run(process.execPath, [cli, 'ingest', file], place.env);
  if (ingest.code !== 0) throw new Error(`ingesting the backup run's ballast failed: ${ingest.output}`);
  log(
    `backup: ${BALLAST_PRODUCTS} more products at ${stores.length} stores ingested in ${(ingest.ms / 1000).toFixed(1)} s first`,
  );
}

/** A shopper that sets one cart quantity 2, 3, 4, ...: what it acknowledged, and when. */
interface Marker {
  shortCode: string;
  productId: number;
  acknowledged: [quantity: number, at: number][];
}

async function startMarkers(server: BenchServer, outbox: string, productIds: number[], until: () => boolean) {
  const markers: Marker[] = [];
  for (let i = 0; i < MARKERS; i++) {
    const token = await signIn(server, outbox, `backup-marker-${i}@bench.example`);
    const init = (await post(`${server.url}/api/init/start`, undefined, token)) as {
      workspace: { shortCode: string };
    };
    const marker: Marker = {
      shortCode: init.workspace.shortCode,
      productId: productIds[i] as number,
      acknowledged: [],
    };
    await post(
      `${server.url}/api/${marker.shortCode}/cart`,
      { productId: marker.productId, quantity: 1 },
      token,
    );
    markers.push(marker);
    void (async () => {
      for (let quantity = 2; !until() && quantity <= 999; quantity++) {
        const res = await fetch(`${server.url}/api/${marker.shortCode}/cart`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ productId: marker.productId, quantity }),
        }).catch(() => null);
        await res?.arrayBuffer();
        if (res?.ok) marker.acknowledged.push([quantity, Date.now()]);
        // Under the 300 writes a minute each user may make.
        await new Promise((resolve) => setTimeout(resolve, MARKER_INTERVAL_MS));
      }
    })();
  }
  return markers;
}

/** Requests/s and p95 of the load's requests that ended between two moments (performance.now()). */
function loadBetween(figures: LoadFigures, from: number, to: number): string {
  const inside = figures.timeline.filter(([end]) => end >= from && end < to);
  const latencies = inside.map(([end, , start]) => end - start).sort((a, b) => a - b);
  const seconds = Math.max(0.001, (to - from) / 1000);
  return `${(inside.length / seconds).toFixed(0)} req/s, p95 ${percentile(latencies, 95).toFixed(1)} ms`;
}

/** How many markers' restored quantities hold every write they had acknowledged before `startedAt`. */
function countKept(markers: Marker[], restored: Map<string, number>, startedAt: number) {
  let kept = 0;
  for (const marker of markers) {
    const before = marker.acknowledged.filter(([, at]) => at <= startedAt).at(-1)?.[0] ?? 1;
    if ((restored.get(marker.shortCode) ?? 0) >= before) kept++;
  }
  return `${kept} of ${markers.length} markers hold every write acknowledged before the backup began (${markers.length - kept} lost)`;
}

export async function backupUnderLoad(
  faults: FaultRun,
  server: BenchServer,
  shoppers: Shopper[],
  productIds: number[],
  place: BackupPlace,
): Promise<void> {
  const { log } = faults;
  const name = place.databaseUrl ? 'PostgreSQL' : 'SQLite';
  if (place.databaseUrl && !(await run('pg_dump', ['--version'], place.env)).output.startsWith('pg_dump')) {
    log('backup (PostgreSQL): pg_dump is not installed here, so this run is left out');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'kete-backup-bench-'));
  if (BALLAST_PRODUCTS > 0) await addBallast(work, place, log);
  let done = false;
  const figures = newFigures();
  const loadStarted = performance.now();
  const load = runHouseholds(
    server.url,
    shoppers,
    productIds,
    faults.seconds,
    figures,
    false,
    faults.connections,
  );
  const markers = await startMarkers(server, place.outbox, productIds, () => done);
  try {
    await new Promise((resolve) => setTimeout(resolve, (faults.seconds * 1000) / 4));
    const file = join(work, place.databaseUrl ? 'kete.dump' : 'kete-backup.tar.gz');
    const startedAt = Date.now();
    const from = performance.now();
    const backup = place.databaseUrl
      ? await run('pg_dump', ['--format=custom', `--file=${file}`, place.databaseUrl], place.env)
      : await run(process.execPath, [cli, 'backup', file], place.env);
    const to = performance.now();
    const loadRunning = to - loadStarted < faults.seconds * 1000;
    if (backup.code !== 0) {
      log(`backup (${name}): FAILED after ${(backup.ms / 1000).toFixed(1)} s: ${backup.output}`);
      return;
    }
    log(
      `backup (${name}): ${place.databaseUrl ? 'pg_dump --format=custom' : 'kete backup'} ${(statSync(file).size / 1_048_576).toFixed(1)} MB in ${(backup.ms / 1000).toFixed(2)} s ` +
        `${loadRunning ? 'under' : 'partly after'} the households' load: before it ${loadBetween(figures, loadStarted, from)}, during it ${loadBetween(figures, from, to)}`,
    );
    const restored = place.databaseUrl
      ? await restorePostgres(file, place, log)
      : await restoreSqlite(file, work, place, log);
    if (restored) log(`backup (${name}): restored; ${countKept(markers, restored, startedAt)}`);

    if (!place.databaseUrl) await compareSqlite3Backup(work, place, figures, faults, log);
  } finally {
    done = true;
    await load;
    rmSync(work, { recursive: true, force: true });
  }
}

/** `kete restore` into a new data folder; the markers' quantities read from the restored file. */
async function restoreSqlite(file: string, work: string, place: BackupPlace, log: (line: string) => void) {
  const dataDir = join(work, 'restored');
  const restore = await run(process.execPath, [cli, 'restore', file], {
    ...place.env,
    KETE_DATA_DIR: dataDir,
  });
  if (restore.code !== 0) {
    log(`backup (SQLite): kete restore FAILED: ${restore.output}`);
    return null;
  }
  const db = new SqliteDatabase(join(dataDir, 'kete.sqlite'), { readonly: true });
  try {
    return quantities(
      db
        .prepare(
          `select w.short_code as code, c.quantity_units from cart_items c join workspaces w on w.id = c.workspace_id
           join users u on u.id = w.owner_user_id where u.email like 'backup-marker-%'`,
        )
        .all() as { code: string; quantity_units: number }[],
    );
  } finally {
    db.close();
  }
}

const quantities = (rows: { code: string; quantity_units: number }[]) =>
  new Map(rows.map((row) => [row.code, fromQuantityUnits(Number(row.quantity_units))]));

/** pg_restore into a new database on the same server; the markers' quantities read from it. */
async function restorePostgres(file: string, place: BackupPlace, log: (line: string) => void) {
  const url = place.databaseUrl as string;
  const name = `kete_restored_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  try {
    const restore = await run('pg_restore', ['--no-owner', `--dbname=${target}`, file], place.env);
    if (restore.code !== 0) {
      log(`backup (PostgreSQL): pg_restore FAILED in ${(restore.ms / 1000).toFixed(1)} s: ${restore.output}`);
      return null;
    }
    log(`backup (PostgreSQL): pg_restore into a new database in ${(restore.ms / 1000).toFixed(2)} s`);
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select w.short_code as code, c.quantity_units from cart_items c join workspaces w on w.id = c.workspace_id
         join users u on u.id = w.owner_user_id where u.email like 'backup-marker-%'`,
      );
      return quantities(rows);
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** README's former advice, `sqlite3 kete.sqlite ".backup file"`, under the same load: for comparison. */
async function compareSqlite3Backup(
  work: string,
  place: BackupPlace,
  figures: LoadFigures,
  faults: FaultRun,
  log: (line: string) => void,
) {
  if ((await run('sqlite3', ['-version'], place.env)).code !== 0) return;
  const limitMs = Math.min(30_000, (faults.seconds * 1000) / 3);
  const from = performance.now();
  const attempt = await run(
    'sqlite3',
    [join(place.dataDir, 'kete.sqlite'), `.backup ${join(work, 'sqlite3-backup.sqlite')}`],
    place.env,
    limitMs,
  );
  const outcome =
    attempt.code === 0
      ? `finished in ${(attempt.ms / 1000).toFixed(2)} s`
      : attempt.code === null
        ? `had not finished after ${(limitMs / 1000).toFixed(0)} s (stopped)`
        : `failed: ${attempt.output}`;
  log(
    `backup (SQLite): for comparison, sqlite3's .backup under the same load ${outcome}; the load meanwhile ${loadBetween(figures, from, performance.now())}`,
  );
}
