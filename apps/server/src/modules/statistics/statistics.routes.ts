// GET /api/statistics: how many specials and prices each of the user's own workspace stores has.
import { Feature, ZStatistics } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/request-context.js';
import { workspacesRepository } from '../workspaces/workspaces.repository.js';
import { statisticsFor } from './statistics.service.js';

export const statisticsForbidden = 'Statistics are not turned on for your account.';

export async function statisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const workspaces = workspacesRepository(ctx.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/statistics', { schema: { response: { 200: ZStatistics } } }, async (request) => {
      const user = currentUser(request);
      if (!user.features.includes(Feature.Statistics)) throw forbidden(statisticsForbidden);
      const own = await workspaces.ownWorkspace(user.id);
      return own ? statisticsFor(ctx, own.workspaceId) : { specials: [], prices: [] };
    });
}
