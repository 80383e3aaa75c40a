import { ZSpecialsPage, ZSpecialsPageQuery } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentMembership } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { MAX_DB_ID } from '../shopping/route-params.js';
import { specialsService } from './specials.service.js';

export const ZStoreParams = z.object({
  shortCode: z.string().max(64),
  storeId: z.coerce
    .number({ error: 'Choose a store.' })
    .int({ error: 'Choose a store.' })
    .positive({ error: 'Choose a store.' })
    .max(MAX_DB_ID, { error: 'Choose a store.' }),
});

export async function specialsRoutes(app: FastifyInstance, ctx: AppContext) {
  const specials = specialsService(ctx);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/:shortCode/stores/:storeId/specials',
    {
      schema: { params: ZStoreParams, querystring: ZSpecialsPageQuery, response: { 200: ZSpecialsPage } },
      preHandler: workspaceAccess(ctx, 'member'),
    },
    (request) => {
      const { page, pageSize } = request.query;
      return specials.page(currentMembership(request).workspaceId, request.params.storeId, page, pageSize);
    },
  );
}
