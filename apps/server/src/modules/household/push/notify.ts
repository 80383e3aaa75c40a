// When the household's changes become pushes (issue 35): a member going shopping, an item added
// while someone shops. Called by the routes after their write; sent in the background.
import type { ShoppingTrip } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context.js';
import { currentMembership, currentUser } from '../../../plugins/request-context.js';
import { heldProductRow } from '../../products/catalogue-snapshot.js';
import { keptTripOf } from '../trip.service.js';
import { inBackground, pushService } from './push.service.js';

export function notifyTripStarted(ctx: AppContext, request: FastifyRequest, trip: ShoppingTrip | null): void {
  if (!trip) return;
  const { workspaceId, shortCode } = currentMembership(request);
  inBackground(ctx, pushService(ctx).tripStarted(workspaceId, trip, shortCode), (error) =>
    request.log.warn({ err: error }, 'trip push failed'),
  );
}

export function notifyAdded(ctx: AppContext, request: FastifyRequest, productId: number): void {
  const { workspaceId, shortCode } = currentMembership(request);
  const user = currentUser(request);
  const work = (async () => {
    const trip = await keptTripOf(ctx.db, workspaceId, ctx.clock.now());
    if (!trip || trip.userId === user.id) return 0;
    const product = await heldProductRow(ctx.db, productId);
    return pushService(ctx).addedWhileShopping(
      workspaceId,
      trip,
      user.displayName,
      product?.name ?? 'an item',
      shortCode,
    );
  })();
  inBackground(ctx, work, (error) => request.log.warn({ err: error }, 'added-while-shopping push failed'));
}
