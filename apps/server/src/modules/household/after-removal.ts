// What an item taken off the shopping list means for the household in the store (issue 35): a
// tick at a store is one step of that store's learned aisle order, and the trip's idle clock
// restarts (or the trip ends with the list done).
import type { Tick } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { currentStoreIds } from '../../plugins/request-context.js';
import { aisleOrderService } from './aisle-order.service.js';
import { keptTripRow, tripService } from './trip.service.js';

export async function afterRemoval(
  ctx: AppContext,
  request: FastifyRequest,
  workspaceId: number,
  productId: number,
  tick: Tick | undefined,
): Promise<void> {
  // Only the workspace's own stores learn: a client cannot fill another store's order.
  if (tick && currentStoreIds(request).includes(tick.storeId)) {
    await aisleOrderService(ctx).recordTick(workspaceId, productId, tick);
  }
  // Kept per process (trip.service.ts): most removals happen with nobody in the store.
  if (await keptTripRow(ctx.db, workspaceId)) await tripService(ctx).afterTick(workspaceId, ctx.clock.now());
}
