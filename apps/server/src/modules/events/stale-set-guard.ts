// Offline quantity sets (issue 14): a phone that was offline replays PUT /cart with `changedAt`,
// the time the shopper made the change (the client's clock corrected by the server time it last
// heard on the live stream). Such a set wins only over someone else's later change (issue 49): if
// another member changed the item after that time, or it left the list meanwhile, it is not
// applied and the phone is told why, naming who. The phone's own earlier edits never stop it
// (the same user wrote the row last), so queued edits apply in order on top of each other.
// An applied set is written as made at `changedAt` (offlineSetTime), so a second phone coming
// back later is judged against when this change was made, not when it reached the server.
// Plain PUTs (no changedAt) are untouched. Checked before the route runs, so the cart service and
// its contract stay as they are; the check and the write are not one transaction, which leaves a
// window of milliseconds in which a concurrent change can still be overwritten.
// A preHandler, as every guard is: it runs after the body was validated (ZCartUpdateRequest holds
// changedAt), so it never queries with a product id no column can hold (1.5, 1e300: a 500 on
// PostgreSQL) and a malformed request is the usual 400 whatever it carries.
import type { CartUpdateRequest } from '@kete/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../lib/http-error.js';
import { workspacesRepository } from '../workspaces/workspaces.repository.js';

export const staleSetMessages = {
  newer: 'Someone changed this item after you did, so their change was kept.',
  gone: 'This item was taken off the shopping list meanwhile.',
};

/** The refusal naming who made the later change (the plain one when nobody is known). */
export const newerChangeBy = (name: string | null | undefined) =>
  name ? `${name} changed this item after you did, so their change was kept.` : staleSetMessages.newer;

const offlineSetTimes = new WeakMap<FastifyRequest, number>();

/**
 * When a replayed set that passed the guard was made: the time its row is written with. Undefined
 * for a plain set, or one applied over the same user's later write (the row keeps its newer time).
 */
export const offlineSetTime = (request: FastifyRequest) => offlineSetTimes.get(request);

export function registerStaleSetGuard(app: FastifyInstance, ctx: AppContext) {
  const workspaces = workspacesRepository(ctx.db);
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'PUT' || request.routeOptions.url !== '/api/:shortCode/cart' || !request.user)
      return;
    const { changedAt, productId } = request.body as CartUpdateRequest;
    const { shortCode } = request.params as { shortCode: string };
    if (changedAt === undefined) return;
    const read = request.membershipRead;
    const membership =
      read?.shortCode === shortCode
        ? read.membership
        : await workspaces.findMembership(request.user.id, shortCode);
    if (!membership) return; // the route's own check answers 403
    const row = await ctx.db
      .selectFrom('cart_items as c')
      .leftJoin('users as u', 'u.id', 'c.updated_by')
      .select(['c.updated_at', 'c.updated_by', 'u.display_name'])
      .where('c.workspace_id', '=', membership.workspaceId)
      .where('c.product_id', '=', productId)
      .executeTakeFirst();
    if (!row) throw new HttpError(409, staleSetMessages.gone);
    const laterChange = Number(row.updated_at) > changedAt;
    if (laterChange && row.updated_by !== request.user.id)
      throw new HttpError(409, newerChangeBy(row.display_name));
    if (!laterChange) offlineSetTimes.set(request, changedAt);
  });
}
