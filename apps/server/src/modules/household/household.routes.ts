// Issue 35's workspace routes: a store's aisle order and the shopping trip. Thin: the rules are in
// packages/shared (aisle-learning.ts, household-api.ts) and the services.
import { ZAisleOrder, ZAisleOrderRequest, ZStoreId, ZTripAnswer, ZTripRequest } from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { workspaceIdOf, ZShortCode, ZWorkspaceParams } from '../shopping/route-params.js';
import { aisleOrderService } from './aisle-order.service.js';
import { notifyTripStarted } from './push/notify.js';
import { tripService } from './trip.service.js';

const ZStoreParams = z.object({ shortCode: ZShortCode, storeId: ZStoreId });

export async function householdRoutes(app: FastifyInstance, ctx: AppContext) {
  const aisles = aisleOrderService(ctx);
  const trips = tripService(ctx);
  const member = workspaceAccess(ctx, 'member');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/:shortCode/stores/:storeId/aisle-order';

  r.get(
    path,
    { preHandler: member, schema: { params: ZStoreParams, response: { 200: ZAisleOrder } } },
    (request) => aisles.get(workspaceIdOf(request), request.params.storeId),
  );

  // Any member may set the order (issue 35): it is the household's walk through the store.
  r.put(
    path,
    {
      config: { changes: 'stores' },
      preHandler: member,
      schema: { params: ZStoreParams, body: ZAisleOrderRequest, response: { 200: ZAisleOrder } },
    },
    (request) => aisles.set(workspaceIdOf(request), request.params.storeId, request.body.categories),
  );

  r.delete(
    path,
    {
      config: { changes: 'stores' },
      preHandler: member,
      schema: { params: ZStoreParams, response: { 200: ZAisleOrder } },
    },
    (request) => aisles.reset(workspaceIdOf(request), request.params.storeId),
  );

  r.get(
    '/api/:shortCode/trip',
    { preHandler: member, schema: { params: ZWorkspaceParams, response: { 200: ZTripAnswer } } },
    async (request) => ({ trip: await trips.current(workspaceIdOf(request)) }),
  );

  r.post(
    '/api/:shortCode/trip',
    {
      config: { changes: 'trip' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, body: ZTripRequest, response: { 200: ZTripAnswer } },
    },
    async (request) => {
      const trip = await trips.start(workspaceIdOf(request), currentUser(request).id, request.body.storeId);
      notifyTripStarted(ctx, request, trip);
      return { trip };
    },
  );

  r.delete(
    '/api/:shortCode/trip',
    {
      config: { changes: 'trip' },
      preHandler: member,
      schema: { params: ZWorkspaceParams, response: { 200: ZTripAnswer } },
    },
    async (request) => {
      await trips.end(workspaceIdOf(request));
      return { trip: null };
    },
  );
}
