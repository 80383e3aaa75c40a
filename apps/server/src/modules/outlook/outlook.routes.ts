// Buy now or wait (issue 46) at each of the workspace's stores: one product for its drawer, or
// the shopping list's products in one call for its rows. Access as the product routes: members
// only; an unknown product is a 404 in the drawer's call and left out of the list's.
import { ZOutlooks, ZOutlooksQuery, ZProductOutlook } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { currentMembership, currentStoreIds } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { heldProductRow, heldProductRows } from '../products/catalogue-snapshot.js';
import { productNotFound, ZProductParams } from '../products/products.routes.js';
import { outlooksFor, type StoreOutlooks } from './outlook-cache.js';
import { rememberWaits } from './special-started.js';

const answer = (outlooks: StoreOutlooks | undefined) =>
  (outlooks ?? []).map(({ storeId, outlook }) => ({ storeId, ...outlook }));

export async function outlookRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const member = workspaceAccess(ctx, 'member');
  typed.get(
    '/api/:shortCode/products/:id/outlook',
    { schema: { params: ZProductParams, response: { 200: ZProductOutlook } }, preHandler: member },
    async (request) => {
      const { id } = request.params;
      if (!(await heldProductRow(ctx.db, id))) throw notFound(productNotFound);
      const outlooks = await outlooksFor(
        ctx.db,
        ctx.dialect,
        [id],
        currentStoreIds(request),
        ctx.clock.now(),
      );
      return { stores: answer(outlooks.get(id)) };
    },
  );
  typed.get(
    '/api/:shortCode/outlooks',
    { schema: { querystring: ZOutlooksQuery, response: { 200: ZOutlooks } }, preHandler: member },
    async (request) => {
      const wanted = request.query.ids;
      const held = await heldProductRows(ctx.db, wanted);
      const known = wanted.filter((id) => held.has(id));
      const outlooks = await outlooksFor(
        ctx.db,
        ctx.dialect,
        known,
        currentStoreIds(request),
        ctx.clock.now(),
      );
      // The list showed 'wait': the household hears once when that special starts.
      const waits = [...outlooks].flatMap(([productId, stores]) =>
        stores.filter((s) => s.outlook.advice === 'wait').map((s) => ({ productId, storeId: s.storeId })),
      );
      await rememberWaits(ctx, currentMembership(request).workspaceId, waits);
      return { products: known.map((productId) => ({ productId, stores: answer(outlooks.get(productId)) })) };
    },
  );
}
