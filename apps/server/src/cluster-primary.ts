// The primary of KETE_WORKERS > 1: prepares the database once (migrations, store list, demo
// seeding), then forks the server processes that share the port and keeps them running. It also
// keeps the background work (start-up tasks, schedules) in one process, relays the process bus
// between workers, and shuts them all down cleanly on SIGTERM/SIGINT.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { createContext } from './context.js';
import { databaseLabel } from './db/database-label.js';
import { serveMetricsPort } from './lib/metrics.js';
import { relayBetweenWorkers } from './lib/process-bus.js';
import { startVerdictKeeper } from './modules/products/verdict-keeper.js';
import { workerExecArgv } from './worker-heap.js';

/** Workers that end before they listen, in a row, before giving up (while none serves). */
const MAX_FAILED_STARTS = 5;
const RESTART_DELAY_MS = 250;
/** Restarts after failed starts back off up to this (e.g. while PostgreSQL is down). */
const MAX_RESTART_DELAY_MS = 10_000;
const STOP_GRACE_MS = 10_000;

// Every worker accepts from the shared listening socket itself (SCHED_NONE). Under Node's default
// round-robin the primary accepts and hands each connection to a worker over IPC; a worker killed
// while one is on its way never answers and the primary never closes it, so that client waits for
// ever (the reliability bench saw these hang under kill -9). Shared, a dead worker loses only the
// connections it had taken (reset at once); the rest wait in the kernel's queue for the others.
// Node's own NODE_CLUSTER_SCHED_POLICY (rr or none) still decides when set.
if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;

export async function runPrimary(config: Config): Promise<void> {
  // Migrate and seed before any worker starts, so workers never race each other to do it.
  const ctx = await createContext(config);
  relayBetweenWorkers();
  const keeper = startVerdictKeeper(ctx, (line) => console.log(line));

  let closing = false;
  let announced = false;
  let failedStarts = 0;
  const listeningWorkers = new Set<number>();
  /** When workers ended that have no replacement serving yet, for its "is serving" line. */
  const ended: number[] = [];

  cluster.setupPrimary({
    execArgv: workerExecArgv(config.workerHeapMb, process.execArgv, process.env.NODE_OPTIONS),
  });
  const fork = (): Worker => cluster.fork({ KETE_WORKER: '1' });

  cluster.on('listening', (worker, address) => {
    listeningWorkers.add(worker.id);
    failedStarts = 0;
    const endedAt = announced ? ended.shift() : undefined;
    if (endedAt !== undefined) {
      console.error(
        `Kete server process ${worker.process.pid} is serving, ${Date.now() - endedAt} ms after one ended`,
      );
    }
    if (announced || listeningWorkers.size < config.workers) return;
    announced = true;
    const where = databaseLabel(config);
    console.log(
      `\n  Kete is running at http://localhost:${address.port} (${where}, ${config.workers} server processes)\n`,
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    const served = listeningWorkers.delete(worker.id);
    if (closing) return;
    ended.push(Date.now());
    console.error(
      `Kete server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`,
    );
    // A worker that was serving and is killed (kill -9, out of memory) is simply replaced. One that
    // cannot even start (port taken, bad database) would be restarted for ever: give up when that
    // keeps happening and no other serves, and back off meanwhile (PostgreSQL may be restarting).
    if (!served) failedStarts += 1;
    const giveUp = announced
      ? failedStarts > MAX_FAILED_STARTS && listeningWorkers.size === 0
      : code !== 0 && failedStarts >= 2;
    if (giveUp) {
      console.error('Kete could not start: its server processes keep failing');
      void stopAll(1);
      return;
    }
    const delay = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, failedStarts - 1), MAX_RESTART_DELAY_MS);
    setTimeout(() => {
      if (!closing) fork();
    }, delay);
  });

  const stopAll = async (exitCode: number) => {
    if (closing) return;
    closing = true;
    keeper.stop();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exited = workers.map(
      (worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.all(exited), timeout]);
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
    ctx.mailer.close();
    await ctx.database.close();
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));

  for (let i = 0; i < config.workers; i += 1) fork();
  if (config.metricsPort !== undefined) await serveMetricsPort(config.metricsPort, config.host, true);
}
