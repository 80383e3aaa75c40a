// GET /metrics on the public port only when KETE_METRICS=1 (issue 48 item 2): the numbers say how
// busy the server is and how many stores are stale, nothing an anonymous visitor should read
// unasked. This process's view; KETE_METRICS_PORT serves every worker's summed (cluster-metrics.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { metricsRegistry, startProcessMetrics, watchGauges } from '../lib/metrics.js';
import { staleStoreCount } from '../modules/refresh/stale-stores.js';

/** The database-wide gauges read through this context. */
export function watchDatabaseGauges(ctx: AppContext): void {
  watchGauges({
    ...(ctx.database?.poolStats ? { pool: ctx.database.poolStats } : {}),
    staleStores: () => staleStoreCount(ctx),
    openReports: async () => {
      const row = await ctx.db
        .selectFrom('price_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  });
}

export function registerMetricsRoute(app: FastifyInstance, ctx: AppContext) {
  startProcessMetrics();
  watchDatabaseGauges(ctx);
  if (!ctx.config.metricsOnPublicPort) return;
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics()),
  );
}
