// npm start: read config, migrate, seed, listen; close cleanly on SIGTERM/SIGINT. With
// KETE_WORKERS > 1 (the default on a multi-core machine) this process becomes the cluster's
// primary and each forked worker runs the server on the same port.
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runPrimary } from './cluster-primary.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { databaseLabel } from './db/database-label.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { answerPrimaryForMetrics, serveMetricsPort } from './lib/metrics.js';
import { catalogueSnapshot } from './modules/products/catalogue-snapshot.js';
import { startVerdictKeeper } from './modules/products/verdict-keeper.js';
import { defaultWebRoot } from './plugins/web-app.js';

async function runServer(config: Config, isWorker: boolean) {
  // Workers leave migrations' follow-up work (demo seeding, schedules) to the primary.
  const ctx = await createContext(config, { startTasks: !isWorker });
  const app = await buildApp(ctx, { webRoot: defaultWebRoot });
  const keeper = isWorker ? undefined : startVerdictKeeper(ctx, (line) => console.log(line));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    keeper?.stop();
    await app.close();
    ctx.mailer.close();
    await ctx.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) {
    if (isWorker) answerPrimaryForMetrics();
    else await serveMetricsPort(config.metricsPort, config.host, false);
  }
  // The products and their search index, built now rather than by the first search (a few hundred
  // ms at NZ scale, which every request arriving meanwhile would wait for). A failure here is
  // retried by that first search.
  catalogueSnapshot(ctx.db, ctx.dialect).catch(() => {});
  if (isWorker) return; // the primary announces the address once every worker listens
  const { port } = app.server.address() as { port: number };
  const where = databaseLabel(config);
  console.log(`\n  Kete is running at http://localhost:${port} (${where})\n`);
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return runServer(config, true);
  // The primary waits for PostgreSQL once; its workers start only after it has migrated.
  await waitForDatabase(config, (line) => console.error(line));
  if (config.workers > 1) return runPrimary(config);
  return runServer(config, false);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kete could not start:', error);
  }
  process.exit(1);
});
