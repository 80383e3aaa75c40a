// A member's own change to their membership (accepted, declined, left) is announced to the
// workspace by the live events' hook (modules/events), which reads it from the request: the hook
// needs the workspace (an invited person is no member until they accept) and the kind of change.
import type { MembershipChange } from '@kete/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MembershipAnswer } from './invitations.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access/me routes; the live event then says 'Ben joined this list'. */
    membershipChange: MembershipChange | null;
  }
}

export function registerMembershipChange(app: FastifyInstance): void {
  app.decorateRequest('membershipChange', null);
}

export function announceMembershipChange(request: FastifyRequest, answer: MembershipAnswer): void {
  if (!answer.change) return;
  request.membership = answer.membership;
  request.membershipChange = answer.change;
}
