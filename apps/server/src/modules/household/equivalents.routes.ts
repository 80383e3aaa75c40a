// Issue 33 item 6: the household's own "same product" groups. Any member may change them.
import { ZEquivalents, ZEquivalentsRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspaceIdOf, ZProductParams, ZWorkspaceParams } from '../shopping/route-params.js';
import { equivalentsService } from './equivalents.service.js';

export async function equivalentsRoutes(app: FastifyInstance, ctx: AppContext) {
  const equivalents = equivalentsService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/:shortCode/equivalents',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: ZEquivalents } } },
    (request) => equivalents.list(workspaceIdOf(request)),
  );

  r.put(
    '/api/:shortCode/equivalents',
    {
      config: { changes: 'equivalents' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZEquivalentsRequest, response: { 200: ZEquivalents } },
    },
    (request) => equivalents.put(workspaceIdOf(request), request.body.productIds),
  );

  r.delete(
    '/api/:shortCode/equivalents/:productId',
    {
      config: { changes: 'equivalents' },
      preHandler: member,
      schema: { params: ZProductParams, response: { 200: ZEquivalents } },
    },
    (request) => equivalents.remove(workspaceIdOf(request), request.params.productId),
  );
}
