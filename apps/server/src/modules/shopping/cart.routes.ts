import {
  textItemMessages,
  ZCart,
  ZCartAddRequest,
  ZCartItem,
  ZCartRemoveRequest,
  ZCartUpdateRequest,
  ZItemCount,
  ZTextItem,
} from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/http-error.js';
import { currentStoreIds, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { offlineSetTime } from '../events/stale-set-guard.js';
import { afterRemoval } from '../household/after-removal.js';
import { notifyAdded } from '../household/push/notify.js';
import { cartService } from './cart.service.js';
import { workspaceIdOf, ZListParams, ZProductParams, ZWorkspaceParams } from './route-params.js';
import { textItemsService } from './text-items.service.js';

export async function cartRoutes(app: FastifyInstance, ctx: AppContext) {
  const cart = cartService(ctx);
  const textItems = textItemsService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/:shortCode/cart',
    // No response schema: the answer is written by ZCart's serializer when it is built, then kept
    // as JSON text while the list and its prices stay the same (cart-answer.ts).
    { preHandler: member, schema: { params: ZWorkspaceParams } },
    async (request, reply) => {
      const json = await cart.listJson(workspaceIdOf(request), currentStoreIds(request));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  r.post(
    '/api/:shortCode/cart',
    {
      config: { changes: 'cart' },
      preHandler: member,
      schema: {
        params: ZWorkspaceParams,
        body: ZCartAddRequest,
        response: { 200: z.union([ZCartItem, ZTextItem]) },
      },
    },
    async (request) => {
      const workspaceId = workspaceIdOf(request);
      const { productId, text, quantity } = request.body;
      // Written in, no product (issue 49 item 2): a count, 1 unless given.
      if (text !== undefined && productId === undefined) {
        if (quantity !== undefined && !ZItemCount.safeParse(quantity).success)
          throw fieldError('quantity', textItemMessages.quantity);
        return textItems.addToCart(workspaceId, text, quantity);
      }
      if (productId === undefined) throw fieldError('productId', textItemMessages.productOrText);
      if (quantity === undefined) throw fieldError('quantity', 'Enter the quantity as a number.');
      const item = await cart.add(
        workspaceId,
        productId,
        quantity,
        currentStoreIds(request),
        currentUser(request).id,
      );
      // Someone shopping for the household hears of it (issue 35), if they chose to.
      notifyAdded(ctx, request, productId);
      return item;
    },
  );

  r.put(
    '/api/:shortCode/cart',
    {
      config: { changes: 'cart' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZCartUpdateRequest, response: { 200: ZCartItem } },
    },
    async (request) => {
      // changedAt was the stale-set guard's (modules/events/stale-set-guard.ts), before the route.
      const { productId, quantity, changedAt: _changedAt, ...settings } = request.body;
      const workspaceId = workspaceIdOf(request);
      const storeIds = currentStoreIds(request);
      const item = await cart.set(
        workspaceId,
        productId,
        quantity,
        settings,
        storeIds,
        offlineSetTime(request),
        currentUser(request).id,
      );
      return item;
    },
  );

  r.delete(
    '/api/:shortCode/cart/:productId',
    {
      config: { changes: 'cart' },
      preHandler: member,
      // A tick in in-store mode says where and when (issue 35: the aisle order is learned from it).
      schema: { params: ZProductParams, body: ZCartRemoveRequest },
    },
    async (request, reply) => {
      const workspaceId = workspaceIdOf(request);
      await cart.remove(workspaceId, request.params.productId);
      await afterRemoval(ctx, request, workspaceId, request.params.productId, request.body?.tick);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/:shortCode/lists/:listId/cart',
    {
      config: { changes: 'cart' },
      preHandler: member,
      schema: { params: ZListParams, response: { 200: ZCart } },
    },
    async (request) => {
      const workspaceId = workspaceIdOf(request);
      const items = await cart.addList(workspaceId, request.params.listId);
      await cart.markChangedBy(workspaceId, { listId: request.params.listId }, currentUser(request).id);
      await textItems.listToCart(workspaceId, request.params.listId);
      return items;
    },
  );
}
