// The faults of `npm run bench:reliability` (reliability-bench.ts runs them): kill -9 of a server
// process every few seconds under write load, and a PostgreSQL restart mid-load. Each prints its
// 503s, drops, hangs and recovery times, and checks every acknowledged write afterwards.
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { BenchServer } from './bench-server.js';
import {
  CLIENT_TIMEOUT_MS,
  describeFigures,
  describeVerification,
  type LoadFigures,
  newFigures,
  percentile,
  runHouseholds,
  type Shopper,
  verifyHouseholds,
} from './reliability-load.js';

/** How long and how wide the load under each fault runs, and where its lines go. */
export interface FaultRun {
  seconds: number;
  connections: number;
  log: (line: string) => void;
}

const workerPids = (primary: number) => {
  try {
    return execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

export interface ServerLine {
  at: number;
  line: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number | undefined) => (value === undefined ? 'none' : `${value.toFixed(0)} ms`);

/** The first answer that is not a failure, of a request sent at or after `from`: how long after `from`. */
function firstAnswerAfter(f: LoadFigures, from: number, ok: (status: number) => boolean) {
  let best: number | undefined;
  for (const [end, status, start] of f.timeline)
    if (start >= from && ok(status) && (best === undefined || end < best)) best = end;
  return best === undefined ? undefined : best - from;
}

const fiveXxBut503 = (f: LoadFigures) =>
  [...f.statuses].filter(([s]) => s >= 500 && s !== 503).reduce((n, [, c]) => n + c, 0);

/**
 * kill -9 of a server process every few seconds under write load. Requests in flight on the
 * killed process lose their connection (a reset): they are counted apart, their writes' fate is
 * open (the check allows either outcome, never twice), and idempotent ones are sent again.
 */
export async function killFault(
  run: FaultRun,
  server: BenchServer,
  shoppers: Shopper[],
  productIds: number[],
  lines: ServerLine[],
) {
  const figures = newFigures();
  const kills: number[] = [];
  const until = Date.now() + run.seconds * 1000;
  const servingLine = /is serving, (\d+) ms after one ended/;
  const serving = () => lines.filter((l) => servingLine.test(l.line));
  const killer = (async () => {
    await sleep(3000);
    while (Date.now() < until - 3000) {
      // A server process, not the last one serving: wait for the previous kill's replacement.
      for (let waited = 0; serving().length < kills.length && waited < 30_000; waited += 50) await sleep(50);
      const pids = workerPids(server.pid);
      const victim = pids[Math.floor(Math.random() * pids.length)];
      if (victim) {
        kills.push(performance.now());
        process.kill(victim, 'SIGKILL');
      }
      await sleep(3000);
    }
  })();
  let longestGap = 0;
  const watcher = (async () => {
    let since = performance.now();
    while (Date.now() < until) {
      const ok = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) })
        .then((r) => r.ok)
        .catch(() => false);
      const now = performance.now();
      if (ok) since = now;
      longestGap = Math.max(longestGap, now - since);
      await sleep(20);
    }
  })();
  await Promise.all([
    runHouseholds(server.url, shoppers, productIds, run.seconds, figures, true, run.connections),
    killer,
    watcher,
  ]);
  // Give the last replacement its moment before the check reads the database.
  for (let waited = 0; serving().length < kills.length && waited < 30_000; waited += 50) await sleep(50);

  const dropped = figures.timeline.filter(([, status]) => status === 0);
  const KILL_WINDOW_MS = 2000;
  const byKill = dropped.filter(([end]) => kills.some((k) => end >= k && end - k <= KILL_WINDOW_MS));
  const toAnswer = kills.map((k) => firstAnswerAfter(figures, k, (s) => s >= 200 && s < 300));
  const replaced = serving().map((l) => Number(servingLine.exec(l.line)?.[1]));
  run.log(
    describeFigures(
      `faults, kill -9 (${kills.length} server processes killed, one every 3 s or more)`,
      figures,
    ),
  );
  run.log(
    `faults, kill -9: connections dropped by a kill (ended within ${KILL_WINDOW_MS} ms of one) ${byKill.length}, dropped otherwise ${dropped.length - byKill.length}, hung (no answer in ${CLIENT_TIMEOUT_MS / 1000} s) ${figures.timeouts}, 5xx other than 503 ${fiveXxBut503(figures)}, 503 ${figures.statuses.get(503) ?? 0} (not in the error shape ${figures.badShape503})`,
  );
  run.log(
    `faults, kill -9: from a kill to the next successful answer median ${ms(median(toAnswer.filter((t) => t !== undefined)))}, max ${ms(Math.max(...toAnswer.map((t) => t ?? Number.POSITIVE_INFINITY)))}; to the replacement process serving median ${ms(median(replaced))}, max ${ms(Math.max(...replaced))} (${replaced.length} replacements); longest time without a healthy answer ${longestGap.toFixed(0)} ms`,
  );
  run.log(describeVerification('faults, kill -9', await verifyHouseholds(server.url, shoppers)));
}

const pgCluster = () => {
  if (process.env.BENCH_PG_CLUSTER) return process.env.BENCH_PG_CLUSTER.split(' ');
  const [version] = readdirSync('/etc/postgresql');
  if (!version) throw new Error('no PostgreSQL cluster found: set BENCH_PG_CLUSTER="<version> <name>"');
  return [version, 'main'];
};
const pgCtl = (action: 'stop' | 'start') =>
  run('pg_ctlcluster', ['--skip-systemctl-redirect', ...pgCluster(), action]);

/**
 * PostgreSQL stopped (fast: its sessions ended) and started again 4 s later under write load:
 * meanwhile every answer is a quick 503 in the error shape, the server processes live on, and the
 * pool reconnects by itself once PostgreSQL is back.
 */
export async function restartFault(
  run: FaultRun,
  server: BenchServer,
  shoppers: Shopper[],
  productIds: number[],
  lines: ServerLine[],
) {
  const figures = newFigures();
  const pidsBefore = [server.pid, ...workerPids(server.pid)].sort();
  const linesBefore = lines.length;
  const times = { stop: 0, stopped: 0, start: 0, started: 0 };
  const restarter = (async () => {
    await sleep((run.seconds * 1000) / 3);
    times.stop = performance.now();
    try {
      await pgCtl('stop');
      times.stopped = performance.now();
      await sleep(4000);
    } finally {
      times.start = performance.now();
      await pgCtl('start');
      times.started = performance.now();
    }
  })();
  await Promise.all([
    runHouseholds(server.url, shoppers, productIds, run.seconds, figures, true, run.connections),
    restarter,
  ]);
  const pidsAfter = [server.pid, ...workerPids(server.pid)].sort();
  const ended = lines.slice(linesBefore).filter((l) => /ended \(/.test(l.line)).length;

  const outage = figures.timeline.filter(([end, , start]) => end >= times.stop && start <= times.started);
  const answers503 = outage.filter(([, status]) => status === 503);
  const latencies503 = answers503.map(([end, , start]) => end - start).sort((a, b) => a - b);
  const success = (s: number) => s >= 200 && s < 300;
  run.log(describeFigures('faults, PostgreSQL restart', figures));
  run.log(
    `faults, PostgreSQL restart: stop took ${ms(times.stopped - times.stop)}, down ${ms(times.start - times.stopped)}, start took ${ms(times.started - times.start)}; requests overlapping the outage ${outage.length}: 503 ${answers503.length} (p50 ${ms(percentile(latencies503, 50))}, p99 ${ms(percentile(latencies503, 99))}, not in the error shape ${figures.badShape503}), other 5xx ${fiveXxBut503(figures)}, dropped ${figures.dropped}, hung ${figures.timeouts}`,
  );
  // As clients saw it: 503 from the first to the last, then the first success after the last 503.
  const all503 = figures.timeline.filter(([, status]) => status === 503).map(([end]) => end);
  const first503 = Math.min(...all503);
  const last503 = Math.max(...all503);
  const back = all503.length ? firstAnswerAfter(figures, last503, success) : undefined;
  const since = (at: number, from: number) =>
    Number.isFinite(at) ? `${at >= from ? '+' : ''}${(at - from).toFixed(0)} ms` : 'none';
  run.log(
    `faults, PostgreSQL restart: answers were 503 from ${since(first503, times.stop)} to ${since(last503, times.stop)} after the stop began (${ms(Number.isFinite(last503) ? last503 - first503 : undefined)}); recovered by itself: first success after the last 503 ${since(back === undefined ? Number.NaN : last503 + back, times.start)} after the start began (pg_ctlcluster start returned at +${(times.started - times.start).toFixed(0)} ms), ${since(back === undefined ? Number.NaN : last503 + back, times.stop)} after the stop began; server processes ${JSON.stringify(pidsBefore) === JSON.stringify(pidsAfter) ? 'all the same before and after (none crashed)' : `CHANGED ${pidsBefore} -> ${pidsAfter}`}, ${ended} ended`,
  );
  run.log(describeVerification('faults, PostgreSQL restart', await verifyHouseholds(server.url, shoppers)));
}
