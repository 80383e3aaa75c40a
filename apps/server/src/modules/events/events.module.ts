// Live changes (issue 14): the per-process event bus and the SSE route. The transport follows the
// deployment: PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set, the cluster primary's IPC relay
// in a KETE_WORKERS worker on SQLite, else in-process. See docs/decisions/0010-live-offline.md.
import cluster from 'node:cluster';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { announceTableChanges, forgetTables } from '../../db/table-cache.js';
import type { ServerModule } from '../../server-module.js';
import { clusterTransport } from './cluster-transport.js';
import { type EventTransport, inProcessTransport, WorkspaceEventBus } from './event-bus.js';
import { eventsRoutes } from './events.routes.js';
import { liveStreamsMigration } from './live-streams.migration.js';
import { postgresTransport } from './postgres-transport.js';
import { registerStaleSetGuard } from './stale-set-guard.js';

async function transportFor(ctx: AppContext, onError: (error: unknown) => void): Promise<EventTransport> {
  if (ctx.dialect === 'postgres' && ctx.config.databaseUrl) {
    // One channel per schema: processes on other schemas (test runs) never hear each other.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db);
    return postgresTransport(ctx.config.databaseUrl, rows[0]?.schema ?? 'public', onError);
  }
  if (cluster.isWorker && process.send) return clusterTransport(process);
  return inProcessTransport();
}

export const eventsModule: ServerModule = {
  name: 'events',
  migrations: () => ({ '056-live-streams': liveStreamsMigration }),
  async routes(app, ctx) {
    const onError = (error: unknown) => app.log.warn({ err: error }, 'live events transport');
    const bus = new WorkspaceEventBus(await transportFor(ctx, onError), onError);
    await bus.start(forgetTables);
    // PostgreSQL reaches servers on other machines: their kept answers (db/table-cache.ts) hear of
    // this process's changes a moment after the writer's answer, not only within KEPT_MS. (On one
    // machine the process bus has told them already, before the answer.)
    const stopAnnouncing =
      bus.transport.name === 'postgres'
        ? announceTableChanges((tables) => bus.announceTables(tables))
        : () => {};
    app.addHook('onClose', async () => {
      stopAnnouncing();
      await bus.close();
    });
    registerStaleSetGuard(app, ctx);
    await eventsRoutes(app, ctx, { bus });
  },
};
