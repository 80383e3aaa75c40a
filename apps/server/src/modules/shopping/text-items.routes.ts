// Free-text items (issue 49 item 2). Written onto the shopping list by POST /cart {text} (in
// cart.routes.ts, beside products); read, changed, ticked off and matched to a product here; on
// named lists, added by POST /lists/{listId}/items.
import { ZCartItem, ZTextItem, ZTextItemMatch, ZTextItemRequest, ZTextItemUpdate } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentStoreIds } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import {
  workspaceIdOf,
  ZListParams,
  ZListTextItemParams,
  ZTextItemParams,
  ZWorkspaceParams,
} from './route-params.js';
import { textItemsService } from './text-items.service.js';

export async function textItemsRoutes(app: FastifyInstance, ctx: AppContext) {
  const items = textItemsService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cartChange = { config: { changes: 'cart' as const }, preHandler: member };
  const listChange = { config: { changes: 'lists' as const }, preHandler: member };

  r.get(
    '/api/:shortCode/cart/text-items',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: z.array(ZTextItem) } } },
    (request) => items.cart(workspaceIdOf(request)),
  );

  r.patch(
    '/api/:shortCode/cart/text-items/:id',
    {
      ...cartChange,
      schema: { params: ZTextItemParams, body: ZTextItemUpdate, response: { 200: ZTextItem } },
    },
    (request) => items.updateInCart(workspaceIdOf(request), request.params.id, request.body),
  );

  r.delete(
    '/api/:shortCode/cart/text-items/:id',
    { ...cartChange, schema: { params: ZTextItemParams } },
    async (request, reply) => {
      await items.removeFromCart(workspaceIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/:shortCode/cart/text-items/:id/product',
    {
      ...cartChange,
      schema: { params: ZTextItemParams, body: ZTextItemMatch, response: { 200: ZCartItem } },
    },
    (request) =>
      items.matchProduct(
        workspaceIdOf(request),
        request.params.id,
        request.body.productId,
        currentStoreIds(request),
      ),
  );

  r.get(
    '/api/:shortCode/lists/:listId/items',
    { preHandler: member, schema: { params: ZListParams, response: { 200: z.array(ZTextItem) } } },
    (request) => items.list(workspaceIdOf(request), request.params.listId),
  );

  r.post(
    '/api/:shortCode/lists/:listId/items',
    { ...listChange, schema: { params: ZListParams, body: ZTextItemRequest, response: { 200: ZTextItem } } },
    (request) =>
      items.addToList(
        workspaceIdOf(request),
        request.params.listId,
        request.body.text,
        request.body.quantity,
      ),
  );

  r.patch(
    '/api/:shortCode/lists/:listId/items/:id',
    {
      ...listChange,
      schema: { params: ZListTextItemParams, body: ZTextItemUpdate, response: { 200: ZTextItem } },
    },
    (request) =>
      items.updateInList(workspaceIdOf(request), request.params.listId, request.params.id, request.body),
  );

  r.delete(
    '/api/:shortCode/lists/:listId/items/:id',
    { ...listChange, schema: { params: ZListTextItemParams } },
    async (request, reply) => {
      await items.removeFromList(workspaceIdOf(request), request.params.listId, request.params.id);
      return reply.code(204).send();
    },
  );
}
