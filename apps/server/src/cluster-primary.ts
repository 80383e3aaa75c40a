// The primary of KETE_WORKERS > 1: prepares the database once (migrations, store list, demo
// seeding), then forks the server processes that share the port and keeps them running. It also
// keeps the background work (start-up tasks, schedules) in one process, relays the process bus
// between workers, and shuts them all down cleanly on SIGTERM/SIGINT.
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { createContext } from './context.js';
import { relayBetweenWorkers } from './lib/process-bus.js';

/** A worker that dies sooner than this after starting counts towards a crash loop. */
const EARLY_EXIT_MS = 10_000;
const MAX_EARLY_EXITS = 5;
const RESTART_DELAY_MS = 250;
const STOP_GRACE_MS = 10_000;

export async function runPrimary(config: Config): Promise<void> {
  // Migrate and seed before any worker starts, so workers never race each other to do it.
  const ctx = await createContext(config);
  relayBetweenWorkers();

  let closing = false;
  let announced = false;
  let earlyExits = 0;
  const startedAt = new Map<number, number>();
  const listeningWorkers = new Set<number>();

  const fork = (): Worker => {
    const worker = cluster.fork({ KETE_WORKER: '1' });
    startedAt.set(worker.id, Date.now());
    return worker;
  };

  cluster.on('listening', (worker, address) => {
    listeningWorkers.add(worker.id);
    if (announced || listeningWorkers.size < config.workers) return;
    announced = true;
    const where = ctx.dialect === 'sqlite' ? `SQLite in ${config.dataDir}` : 'PostgreSQL';
    console.log(
      `\n  Kete is running at http://localhost:${address.port} (${where}, ${config.workers} server processes)\n`,
    );
  });

  cluster.on('exit', (worker, code, signal) => {
    listeningWorkers.delete(worker.id);
    if (closing) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    console.error(
      `Kete server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`,
    );
    if (!announced || lived < EARLY_EXIT_MS) earlyExits += 1;
    // A worker that cannot even start (port taken, bad database) would be restarted forever.
    if (earlyExits > MAX_EARLY_EXITS || (!announced && code !== 0 && earlyExits >= 2)) {
      console.error('Kete could not start: its server processes keep failing');
      void stopAll(1);
      return;
    }
    setTimeout(() => {
      if (!closing) fork();
    }, RESTART_DELAY_MS);
  });

  const stopAll = async (exitCode: number) => {
    if (closing) return;
    closing = true;
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
}
