// What the hooks learn about a request, typed once for every route.
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error.js';
import type { AccessClaims } from '../modules/identity/tokens.js';
import type { User } from '../modules/users/users.repository.js';
import type { Membership } from '../modules/workspaces/workspaces.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    membership: Membership | null;
    /** The membership read with the user (authentication.ts), for workspaceAccess to use. */
    membershipRead: { shortCode: string; membership: Membership | null } | null;
    /** What the request's access token said (authentication.ts): its expiry and session. */
    accessClaims: AccessClaims | null;
    /** Minutes from the client's X-Timezone-Offset header (JavaScript's getTimezoneOffset). */
    timezoneOffset: number | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health). Every other /api route needs one. */
    public?: boolean;
  }
}

export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function currentMembership(request: FastifyRequest): Membership {
  if (!request.membership) throw forbidden();
  return request.membership;
}

/** The stores of the request's workspace, as read with its membership (workspace-access.ts). */
export function currentStoreIds(request: FastifyRequest): number[] {
  const { storeIds } = currentMembership(request);
  if (!storeIds) throw new Error('the membership was read without its stores');
  return storeIds;
}
