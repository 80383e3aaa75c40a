// GET /api/statistics: how many specials and prices each store of a workspace has. Without a
// query it counts the user's own workspace; `?workspace=<shortCode>` counts a workspace the user
// is a member of, so the page is right after switching into a shared list (issue 9).
import { canSeeStatistics, ZStatistics } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/http-error.js';
import { currentUser } from '../../plugins/request-context.js';
import { accessMessages } from '../../plugins/workspace-access.js';
import { ZShortCode } from '../shopping/route-params.js';
import { workspacesRepository } from '../workspaces/workspaces.repository.js';
import { statisticsFor } from './statistics.service.js';

export const statisticsForbidden = 'Statistics are not turned on for your account.';

const ZStatisticsQuery = z.object({ workspace: ZShortCode.optional() });

export async function statisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const workspaces = workspacesRepository(ctx.db);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/statistics',
      { schema: { querystring: ZStatisticsQuery, response: { 200: ZStatistics } } },
      async (request) => {
        const user = currentUser(request);
        if (!canSeeStatistics(user)) throw forbidden(statisticsForbidden);
        const { workspace } = request.query;
        if (workspace === undefined) {
          const own = await workspaces.ownWorkspace(user.id);
          return own ? statisticsFor(ctx, own.workspaceId) : { specials: [], prices: [] };
        }
        const membership = await workspaces.findMembership(user.id, workspace);
        if (!membership) throw forbidden(accessMessages.notMember);
        return statisticsFor(ctx, membership.workspaceId);
      },
    );
}
