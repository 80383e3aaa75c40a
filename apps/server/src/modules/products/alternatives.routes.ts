// GET /api/{shortCode}/products/{id}/alternatives (issue 13), priced at the workspace's stores.
import { ZAlternatives } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { currentMembership } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { alternativesFor, findKindProduct } from './alternatives.service.js';
import { productNotFound, ZProductParams } from './products.routes.js';

export async function alternativesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/:shortCode/products/:id/alternatives',
    {
      schema: { params: ZProductParams, response: { 200: ZAlternatives } },
      preHandler: workspaceAccess(ctx, 'member'),
    },
    async (request) => {
      const product = await findKindProduct(ctx.db, request.params.id);
      if (!product) throw notFound(productNotFound);
      const storeIds = await workspaceStoreIds(ctx.db, currentMembership(request).workspaceId);
      return alternativesFor(ctx.db, product, storeIds, ctx.clock.now());
    },
  );
}
