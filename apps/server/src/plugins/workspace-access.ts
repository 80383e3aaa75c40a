// Routes under /api/:shortCode/... act on one workspace: only its members may, and some actions
// only its Owner. Use as a route's preHandler: { preHandler: workspaceAccess(ctx, 'owner') }.
import { AccessLevel, NOT_A_MEMBER_MESSAGE } from '@kete/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { forbidden } from '../lib/http-error.js';
import { workspacesRepository } from '../modules/workspaces/workspaces.repository.js';
import { currentUser } from './request-context.js';

export const accessMessages = {
  // The app forgets what it kept of a workspace on this answer (decision 0017).
  notMember: NOT_A_MEMBER_MESSAGE,
  ownerOnly: 'Only the owner of this shopping list can do that.',
};

const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The request's :shortCode if a workspace could have it: a code none can have (a NUL byte is an
 * error on PostgreSQL) is refused unasked.
 */
export function plausibleShortCode(request: FastifyRequest): string | undefined {
  const { shortCode } = (request.params ?? {}) as { shortCode?: unknown };
  return typeof shortCode === 'string' && SHORT_CODE.test(shortCode) ? shortCode : undefined;
}

export function workspaceAccess(ctx: AppContext, needs: 'member' | 'owner' = 'member') {
  const workspaces = workspacesRepository(ctx.db);
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const shortCode = plausibleShortCode(request);
    // Read with the user when the request was authenticated (one read instead of two).
    const read = request.membershipRead;
    const membership =
      shortCode === undefined
        ? undefined
        : read?.shortCode === shortCode
          ? (read.membership ?? undefined)
          : await workspaces.findMembership(user.id, shortCode);
    if (!membership) throw forbidden(accessMessages.notMember);
    if (needs === 'owner' && membership.accessLevel !== AccessLevel.Owner) {
      throw forbidden(accessMessages.ownerOnly);
    }
    request.membership = membership;
  };
}
