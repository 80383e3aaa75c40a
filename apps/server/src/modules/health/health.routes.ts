import { ZHealth, ZReady } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { unavailableReason } from '../../db/unavailable.js';

/** A load balancer takes a server out when the database does not answer within this. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Whether the database answers a query within READY_TIMEOUT_MS: undefined when it does, else a
 * few words saying why not (never the driver's text, which may name hosts or roles).
 */
export async function databaseProblem(ctx: Pick<AppContext, 'db'>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
  });
  const asked = sql`select 1`.execute(ctx.db).then(
    () => undefined,
    (error: unknown) => unavailableReason(error) ?? 'query failed',
  );
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

// /api/health is liveness: the process answers (it listens only after migrations finish), whatever
// the database does, so an orchestrator does not restart a server that is waiting for PostgreSQL.
// /api/ready is readiness: send this server traffic only while its database answers.
export async function healthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/health', { config: { public: true }, schema: { response: { 200: ZHealth } } }, () => ({
    status: 'ok' as const,
  }));
  routes.get(
    '/api/ready',
    { config: { public: true }, schema: { response: { 200: ZReady, 503: ZReady } } },
    async (_request, reply) => {
      const problem = await databaseProblem(ctx);
      if (problem === undefined) return { status: 'ready' as const };
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ status: 'unavailable' as const, database: problem });
    },
  );
}
