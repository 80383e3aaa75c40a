// GET /api/{shortCode}/products/{id}/outlook (issue 46): buy now or wait at each of the
// workspace's stores. Access as the product's other routes: members only; an unknown product 404.
import { ZProductOutlook } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { currentStoreIds } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { heldProductRow } from '../products/catalogue-snapshot.js';
import { productNotFound, ZProductParams } from '../products/products.routes.js';
import { outlooksFor } from './outlook-cache.js';

export async function outlookRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/:shortCode/products/:id/outlook',
    {
      schema: { params: ZProductParams, response: { 200: ZProductOutlook } },
      preHandler: workspaceAccess(ctx, 'member'),
    },
    async (request) => {
      const { id } = request.params;
      if (!(await heldProductRow(ctx.db, id))) throw notFound(productNotFound);
      const outlooks = await outlooksFor(ctx.db, ctx.dialect, id, currentStoreIds(request), ctx.clock.now());
      return { stores: outlooks.map(({ storeId, outlook }) => ({ storeId, ...outlook })) };
    },
  );
}
