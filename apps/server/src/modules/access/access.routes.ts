// Sharing a workspace (Owner only), naming it, and asking for access to Kete (no session); and the
// person it was shared with accepting, declining or leaving it (access/me, decision 0017).
import {
  ZAccessGrant,
  ZAccessGrants,
  ZAccessRequest,
  ZEmail,
  ZGrantAccessRequest,
  ZOk,
  ZRenameWorkspaceRequest,
  ZWorkspaceRef,
} from '@kete/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { currentMembership, currentUser } from '../../plugins/request-context.js';
import { workspaceAccess } from '../../plugins/workspace-access.js';
import { ZShortCode, ZWorkspaceParams } from '../shopping/route-params.js';
import { accessGrantsService } from './access-grants.service.js';
import { accessRequests } from './access-requests.js';
import { invitationsService } from './invitations.service.js';
import { announceMembershipChange, registerMembershipChange } from './membership-change.js';

export async function accessRoutes(app: FastifyInstance, ctx: AppContext) {
  const grants = accessGrantsService(ctx);
  const requests = accessRequests(ctx.db);
  const invitations = invitationsService(ctx);
  registerMembershipChange(app);
  const owner = workspaceAccess(ctx, 'owner');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/:shortCode/access',
    {
      config: { changes: 'access' },
      preHandler: owner,
      schema: { params: ZWorkspaceParams, body: ZGrantAccessRequest, response: { 200: ZAccessGrant } },
    },
    (request) =>
      grants.grant(currentUser(request), currentMembership(request), request.body.email, request.log),
  );

  r.get(
    '/api/:shortCode/access',
    { preHandler: owner, schema: { params: ZWorkspaceParams, response: { 200: ZAccessGrants } } },
    (request) => grants.list(currentMembership(request).workspaceId),
  );

  r.delete(
    '/api/:shortCode/access/:email',
    {
      config: { changes: 'access' },
      preHandler: owner,
      schema: { params: z.object({ shortCode: ZShortCode, email: ZEmail }) },
    },
    async (request, reply) => {
      await grants.revoke(currentMembership(request).workspaceId, request.params.email);
      return reply.code(204).send();
    },
  );

  // The signed-in person's own access: POST accepts the invitation, DELETE declines it or leaves.
  // Not workspaceAccess: an invited person is not a member yet. The answer is announced to the
  // workspace by the live events' hook, like any other write.
  r.post(
    '/api/:shortCode/access/me',
    { config: { changes: 'access' }, schema: { params: ZWorkspaceParams, response: { 200: ZWorkspaceRef } } },
    async (request) => {
      const answer = await invitations.accept(currentUser(request), request.params.shortCode);
      announceMembershipChange(request, answer);
      const { shortCode, sharedName } = answer.membership;
      return { shortCode, sharedName };
    },
  );

  r.delete(
    '/api/:shortCode/access/me',
    { config: { changes: 'access' }, schema: { params: ZWorkspaceParams } },
    async (request, reply) => {
      announceMembershipChange(
        request,
        await invitations.giveUp(currentUser(request), request.params.shortCode),
      );
      return reply.code(204).send();
    },
  );

  r.put(
    '/api/:shortCode',
    {
      config: { changes: 'workspace' },
      preHandler: owner,
      schema: { params: ZWorkspaceParams, body: ZRenameWorkspaceRequest, response: { 200: ZWorkspaceRef } },
    },
    (request) => grants.rename(currentMembership(request), request.body.sharedName),
  );

  r.post(
    '/api/access',
    {
      config: {
        public: true,
        changes: true,
        rateLimit: { max: ctx.config.signInRateLimit, timeWindow: 60_000, groupId: 'access-request' },
      },
      schema: { body: ZAccessRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await requests.record(request.body.email, ctx.clock.now());
      return { ok: true as const };
    },
  );
}
