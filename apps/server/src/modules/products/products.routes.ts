// Search and product detail, always priced at the workspace's own stores.
import { ZPriceList, ZProduct, ZSearchRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { reuseAfterSent } from '../../lib/send-buffers.js';
import { currentStoreIds } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { latestSizeChange } from '../reports/size-changes.js';
import { MAX_DB_ID } from '../shopping/route-params.js';
import { heldProductRow } from './catalogue-snapshot.js';
import { historyRoutes } from './history.routes.js';
import { withHistoryFrom } from './price-history.repository.js';
import { findProducts, pricesAt } from './product-shape.js';
import { searchProductsJson } from './search/search.service.js';

export const productNotFound = 'That product was not found.';

export const ZProductParams = z.object({
  shortCode: z.string().max(64),
  id: z.coerce
    .number({ error: 'Choose a product.' })
    .int({ error: 'Choose a product.' })
    .positive({ error: 'Choose a product.' })
    .max(MAX_DB_ID, { error: 'Choose a product.' }),
});

export async function productsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = workspaceAccess(ctx, 'member');

  r.post(
    '/api/:shortCode/products/search',
    {
      config: { changes: false },
      schema: {
        params: z.object({ shortCode: z.string().max(64) }),
        body: ZSearchRequest,
        // No response schema here: the answer is validated against ZProductList when it is built
        // and then served from a short cache as JSON text (search.service.ts, search-cache.ts).
      },
      preHandler: member,
    },
    async (request, reply) => {
      const storeIds = currentStoreIds(request);
      const json = await searchProductsJson(ctx.db, ctx.dialect, request.body.text, storeIds, {
        sort: request.body.sort,
        now: ctx.clock.now(),
      });
      // Written into reused memory when sent once (lib/send-buffers.ts): given back once sent.
      reuseAfterSent(reply.raw, json);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  r.get(
    '/api/:shortCode/products/:id',
    { schema: { params: ZProductParams, response: { 200: ZProduct } }, preHandler: member },
    async (request) => {
      const storeIds = currentStoreIds(request);
      const [product] = await findProducts(ctx.db, [request.params.id], storeIds, ctx.clock.now());
      if (!product) throw notFound(productNotFound);
      // Its latest pack size change (issue 33 item 7): the drawer says 'Smaller pack since ...'.
      const sizeChange = await latestSizeChange(ctx.db, product.id);
      // How far back each store's history goes: the drawer says it (issue 45).
      const prices = await withHistoryFrom(ctx.db, product.id, product.prices);
      return sizeChange ? { ...product, prices, sizeChange } : { ...product, prices };
    },
  );

  r.get(
    '/api/:shortCode/products/:id/prices',
    { schema: { params: ZProductParams, response: { 200: ZPriceList } }, preHandler: member },
    async (request) => {
      const { id } = request.params;
      if (!(await heldProductRow(ctx.db, id))) throw notFound(productNotFound);
      const storeIds = currentStoreIds(request);
      return withHistoryFrom(
        ctx.db,
        id,
        (await pricesAt(ctx.db, [id], storeIds, ctx.clock.now())).get(id) ?? [],
      );
    },
  );

  await historyRoutes(app, ctx);
}
