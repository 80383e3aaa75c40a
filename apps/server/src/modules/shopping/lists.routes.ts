import { ZCreateListRequest, ZListProducts, ZListSummary, ZRenameListRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { listsService } from './lists.service.js';
import { workspaceIdOf, ZListParams, ZListProductParams, ZWorkspaceParams } from './route-params.js';

export async function listsRoutes(app: FastifyInstance, ctx: AppContext) {
  const lists = listsService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/:shortCode/lists',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: z.array(ZListSummary) } } },
    (request) => lists.summaries(workspaceIdOf(request)),
  );

  r.post(
    '/api/:shortCode/lists',
    {
      config: { changes: 'lists' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZCreateListRequest, response: { 200: ZListSummary } },
    },
    (request) => lists.create(workspaceIdOf(request), request.body.name, request.body.productId),
  );

  r.get(
    '/api/:shortCode/lists/:listId',
    { preHandler: member, schema: { params: ZListParams, response: { 200: ZListProducts } } },
    (request) => lists.products(workspaceIdOf(request), request.params.listId),
  );

  r.put(
    '/api/:shortCode/lists/:listId',
    {
      config: { changes: 'lists' },
      preHandler: member,
      schema: { params: ZListParams, body: ZRenameListRequest, response: { 200: ZListSummary } },
    },
    (request) => lists.rename(workspaceIdOf(request), request.params.listId, request.body.name),
  );

  r.delete(
    '/api/:shortCode/lists/:listId',
    { config: { changes: 'lists' }, preHandler: member, schema: { params: ZListParams } },
    async (request, reply) => {
      await lists.remove(workspaceIdOf(request), request.params.listId);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/:shortCode/lists/:listId/:productId',
    { config: { changes: 'lists' }, preHandler: member, schema: { params: ZListProductParams } },
    async (request, reply) => {
      await lists.addProduct(workspaceIdOf(request), request.params.listId, request.params.productId);
      return reply.code(204).send();
    },
  );

  r.delete(
    '/api/:shortCode/lists/:listId/:productId',
    { config: { changes: 'lists' }, preHandler: member, schema: { params: ZListProductParams } },
    async (request, reply) => {
      await lists.removeProduct(workspaceIdOf(request), request.params.listId, request.params.productId);
      return reply.code(204).send();
    },
  );
}
