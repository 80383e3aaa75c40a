// The Owner chooses the workspace's stores: adding one answers its specials card.
import { ZSpecials } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { currentMembership } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { demoPricesFor } from '../catalogue/demo/demo-store-load.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { ZStoreParams } from '../specials/specials.routes.js';
import { specialsService, storeNotFound } from '../specials/specials.service.js';
import { addWorkspaceStore, removeWorkspaceStore, storesRepository } from './stores.repository.js';

export async function storesRoutes(app: FastifyInstance, ctx: AppContext) {
  const stores = storesRepository(ctx.db);
  const specials = specialsService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/:shortCode/stores/:storeId',
    {
      config: { changes: 'stores' },
      schema: { params: ZStoreParams, response: { 200: ZSpecials } },
      preHandler: workspaceAccess(ctx, 'owner'),
    },
    async (request) => {
      const store = await stores.findById(request.params.storeId);
      if (!store) throw notFound(storeNotFound);
      const workspaceId = currentMembership(request).workspaceId;
      // A demo catalogue's store gets its prices the first time any shopping list chooses it,
      // before it is added here, so the card answered and every answer after it are priced.
      await demoPricesFor(ctx, store.id, {
        info: (line) => request.log.info(line),
        error: (line) => request.log.error(line),
      });
      await withinCap(ctx.db, workspaceId, caps.store(workspaceId, store.id), (trx) =>
        addWorkspaceStore(trx, workspaceId, store.id, ctx.clock.now()),
      );
      return specials.card(store);
    },
  );

  r.delete(
    '/api/:shortCode/stores/:storeId',
    {
      config: { changes: 'stores' },
      schema: { params: ZStoreParams },
      preHandler: workspaceAccess(ctx, 'owner'),
    },
    async (request, reply) => {
      await removeWorkspaceStore(ctx.db, currentMembership(request).workspaceId, request.params.storeId);
      return reply.code(204).send();
    },
  );
}
