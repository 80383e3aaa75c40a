// A product's price history at the workspace's stores, for the chart (issue 12).
import { DAY_MS, ZHistoryQuery, ZProductHistory } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { currentStoreIds } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { heldProductRow } from './catalogue-snapshot.js';
import { keptHistorySince } from './kept-history.js';
import { productNotFound, ZProductParams } from './products.routes.js';

export async function historyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/:shortCode/products/:id/history',
    {
      schema: { params: ZProductParams, querystring: ZHistoryQuery, response: { 200: ZProductHistory } },
      preHandler: workspaceAccess(ctx, 'member'),
    },
    async (request) => {
      const { id } = request.params;
      const exists = await heldProductRow(ctx.db, id);
      const storeIds = currentStoreIds(request);
      if (!exists) throw notFound(productNotFound);
      const from = ctx.clock.now() - request.query.days * DAY_MS;
      const rows = await keptHistorySince(ctx.db, ctx.dialect, id, storeIds, from, request.query.days);
      return {
        history: rows.map((r) => ({
          storeId: r.store_id,
          observedAt: r.observed_at,
          price: r.price,
          basePrice: r.base_price,
          promotionType: r.promotion_type,
          // Only at a multibuy (its per-unit cost is what the verdicts compare).
          ...(r.multibuy_quantity !== null
            ? { multibuyQuantity: r.multibuy_quantity, multibuyPrice: r.multibuy_price }
            : {}),
        })),
      };
    },
  );
}
