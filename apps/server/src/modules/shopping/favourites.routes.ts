import { ZFavourite, ZFavouriteId } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { favouritesService } from './favourites.service.js';
import { workspaceIdOf, ZProductParams, ZWorkspaceParams } from './route-params.js';

export async function favouritesRoutes(app: FastifyInstance, ctx: AppContext) {
  const favourites = favouritesService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/:shortCode/favourites',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: z.array(ZFavourite) } } },
    (request) => favourites.list(workspaceIdOf(request)),
  );

  r.post(
    '/api/:shortCode/favourites/:productId',
    {
      config: { changes: 'favourites' },
      preHandler: member,
      schema: { params: ZProductParams, response: { 200: ZFavouriteId } },
    },
    (request) => favourites.add(workspaceIdOf(request), request.params.productId),
  );

  r.delete(
    '/api/:shortCode/favourites/:productId',
    { config: { changes: 'favourites' }, preHandler: member, schema: { params: ZProductParams } },
    async (request, reply) => {
      await favourites.remove(workspaceIdOf(request), request.params.productId);
      return reply.code(204).send();
    },
  );
}
