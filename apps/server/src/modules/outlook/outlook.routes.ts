// Buy now or wait (issue 46) at each of the workspace's stores: one product for its drawer, or
// the shopping list's products in one call for its rows. Access as the product routes: members
// only; an unknown product is a 404 in the drawer's call and left out of the list's. Both spend
// the user's minute of fresh pairs (outlook-budget.ts); one call asks for a bounded number.
import {
  OUTLOOK_PAIRS_PER_CALL,
  outlookPairsMessage,
  ZOutlooks,
  ZOutlooksQuery,
  ZProductOutlook,
} from '@kete/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { fieldError, notFound } from '../../lib/http-error.js';
import { currentMembership, currentStoreIds, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { heldProductRow, heldProductRows } from '../products/catalogue-snapshot.js';
import { productNotFound, ZProductParams } from '../products/products.routes.js';
import { outlookBudget } from './outlook-budget.js';
import { outlooksFor, type StoreOutlooks } from './outlook-cache.js';
import { rememberWaits } from './special-started.js';

const answer = (outlooks: StoreOutlooks | undefined) =>
  (outlooks ?? []).map(({ storeId, outlook }) => ({ storeId, ...outlook }));

export async function outlookRoutes(app: FastifyInstance, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const member = workspaceAccess(ctx, 'member');
  const budgetOf = outlookBudget(ctx);
  /** The outlooks of these products at the workspace's stores, paid for from the user's budget. */
  const outlooksOf = (request: FastifyRequest, productIds: number[]) =>
    outlooksFor(
      ctx.db,
      ctx.dialect,
      productIds,
      currentStoreIds(request),
      ctx.clock.now(),
      budgetOf(currentUser(request).id),
    );
  typed.get(
    '/api/:shortCode/products/:id/outlook',
    { schema: { params: ZProductParams, response: { 200: ZProductOutlook } }, preHandler: member },
    async (request) => {
      const { id } = request.params;
      if (!(await heldProductRow(ctx.db, id))) throw notFound(productNotFound);
      const outlooks = await outlooksOf(request, [id]);
      return { stores: answer(outlooks.get(id)) };
    },
  );
  typed.get(
    '/api/:shortCode/outlooks',
    { schema: { querystring: ZOutlooksQuery, response: { 200: ZOutlooks } }, preHandler: member },
    async (request) => {
      const wanted = request.query.ids;
      const stores = currentStoreIds(request).length;
      if (wanted.length * stores > OUTLOOK_PAIRS_PER_CALL)
        throw fieldError('ids', outlookPairsMessage(stores));
      const held = await heldProductRows(ctx.db, wanted);
      const known = wanted.filter((id) => held.has(id));
      const outlooks = await outlooksOf(request, known);
      // The list showed 'wait': the household hears once when that special starts.
      const waits = [...outlooks].flatMap(([productId, stores]) =>
        stores.filter((s) => s.outlook.advice === 'wait').map((s) => ({ productId, storeId: s.storeId })),
      );
      await rememberWaits(ctx, currentMembership(request).workspaceId, waits);
      return { products: known.map((productId) => ({ productId, stores: answer(outlooks.get(productId)) })) };
    },
  );
}
