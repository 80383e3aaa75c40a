// Sharing a workspace by e-mail. access_grants is the record of who was given Shared access. A
// grant is an invitation (decision 0017): the person becomes a member only when they accept it
// (invitations.service.ts), whether their account existed before the grant or was made after. A
// stranger's grant therefore puts nothing in anyone's switcher and sends them no digests.
// Revoking removes the grant and any membership in one transaction, and every workspace route
// checks membership per request, so it takes effect on the next request.
import { type AccessGrant, AccessLevel, canGrantAccess } from '@kete/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { grantLimits } from '../limits/grant-limits.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { isUniqueViolation } from '../shopping/db-errors.js';
import type { User } from '../users/users.repository.js';
import type { Membership } from '../workspaces/workspaces.repository.js';
import { grantMail } from './grant-mail.js';

export const grantMessages = {
  noFeature: 'Your account cannot grant access to this shopping list.',
  ownAddress: 'That is your own address: you already have access.',
  alreadyGranted: (email: string) => `${email} already has access to this shopping list.`,
  notGranted: 'That address does not have access to this shopping list.',
};

export function accessGrantsService(ctx: AppContext) {
  const { db } = ctx;

  const throttle = grantLimits(ctx);

  async function sendGrantMail(owner: User, workspace: Membership, email: string) {
    await ctx.mailer.send({ to: email, ...grantMail(owner, workspace, ctx.config.publicUrl) });
  }

  return {
    async grant(
      owner: User,
      workspace: Membership,
      email: string,
      log: FastifyBaseLogger,
    ): Promise<AccessGrant> {
      // The same rule the web app uses to show 'Grant access' (the route already checked Owner).
      if (!canGrantAccess({ features: owner.features, accessLevel: workspace.accessLevel })) {
        throw forbidden(grantMessages.noFeature);
      }
      if (email === owner.email) throw fieldError('email', grantMessages.ownAddress);
      await throttle.countGrant(owner.id);
      const now = ctx.clock.now();
      try {
        await withinCap(db, workspace.workspaceId, caps.accessGrant(workspace.workspaceId), (trx) =>
          trx
            .insertInto('access_grants')
            .values({
              workspace_id: workspace.workspaceId,
              email,
              granted_by_user_id: owner.id,
              created_at: now,
            })
            .execute(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldError('email', grantMessages.alreadyGranted(email));
        throw error;
      }
      // The grant stands even if the courtesy note cannot be sent; the owner can tell them too.
      if (await throttle.mayMail(workspace.workspaceId, email)) {
        await sendGrantMail(owner, workspace, email).catch((err: unknown) =>
          log.error({ err }, 'could not send the access-granted email'),
        );
      }
      return { email, grantedAt: now, status: 'invited' };
    },

    async list(workspaceId: number): Promise<AccessGrant[]> {
      const rows = await db
        .selectFrom('access_grants')
        .select(['email', 'created_at as grantedAt', 'accepted_at as acceptedAt'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('email')
        .execute();
      return rows.map(({ acceptedAt, ...grant }) => ({
        ...grant,
        status: acceptedAt === null ? 'invited' : 'member',
      }));
    },

    async revoke(workspaceId: number, email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const grant = await trx
          .deleteFrom('access_grants')
          .where('workspace_id', '=', workspaceId)
          .where('email', '=', email)
          .executeTakeFirst();
        // Only a Shared membership: the Owner's own can never be revoked this way.
        const membership = await trx
          .deleteFrom('workspace_members')
          .where('workspace_id', '=', workspaceId)
          .where('access_level', '=', AccessLevel.Shared)
          .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
          .executeTakeFirst();
        if (Number(grant.numDeletedRows) + Number(membership.numDeletedRows) === 0) {
          throw notFound(grantMessages.notGranted);
        }
        // Their 'going shopping' trip ends with their membership (issue 44 item 2).
        await trx
          .deleteFrom('shopping_trips')
          .where('workspace_id', '=', workspaceId)
          .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
          .where('user_id', 'not in', (eb) =>
            eb.selectFrom('workspace_members').select('user_id').where('workspace_id', '=', workspaceId),
          )
          .execute();
      });
    },

    /** The name members see in the switcher; null puts the default back. */
    async rename(workspace: Membership, sharedName: string | null) {
      const name = sharedName?.trim() ? sharedName.trim() : null;
      await db
        .updateTable('workspaces')
        .set({ shared_name: name })
        .where('id', '=', workspace.workspaceId)
        .execute();
      return { shortCode: workspace.shortCode, sharedName: name };
    },
  };
}
