// Sharing a workspace by e-mail. access_grants is the record of who was given Shared access;
// workspace_members holds the resulting membership for addresses that have an account. A grant
// to an address without an account waits in access_grants and becomes a membership when that
// address signs in (see sign-in-policy.ts). Revoking removes both in one transaction, and every
// workspace route checks membership per request, so it takes effect on the next request.
import { type AccessGrant, AccessLevel, canGrantAccess, sharedNameOf } from '@kete/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { mailSafeName } from '../../lib/mail-text.js';
import { grantLimits } from '../limits/grant-limits.js';
import { caps, withinCap } from '../limits/workspace-caps.js';
import { isUniqueViolation } from '../shopping/db-errors.js';
import type { User } from '../users/users.repository.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

export const grantMessages = {
  noFeature: 'Your account cannot grant access to this shopping list.',
  ownAddress: 'That is your own address: you already have access.',
  alreadyGranted: (email: string) => `${email} already has access to this shopping list.`,
  notGranted: 'That address does not have access to this shopping list.',
};

/**
 * Turns the address's grants into Shared memberships once it has an account. Idempotent, and a
 * single INSERT ... SELECT, so a grant revoked a moment earlier is not resurrected.
 */
export async function applyGrants(db: Kysely<DB>, email: string, now: number): Promise<void> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!user) return;
  await db
    .insertInto('workspace_members')
    .columns(['workspace_id', 'user_id', 'access_level', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('access_grants')
        .select((s) => [
          'workspace_id',
          s.lit(user.id).as('user_id'),
          s.lit(AccessLevel.Shared).as('access_level'),
          s.lit(now).as('created_at'),
        ])
        .where('email', '=', email),
    )
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export function accessGrantsService(ctx: AppContext) {
  const { db } = ctx;

  const throttle = grantLimits(ctx);

  // No text the Owner typed but the workspace's name, cleaned (lib/mail-text.ts): Kete must not
  // carry someone else's message or link to an address they chose.
  async function sendGrantMail(workspace: Membership, email: string) {
    const name = mailSafeName(sharedNameOf(workspace), 'My Kete');
    const link = `${ctx.config.publicUrl.replace(/\/+$/, '')}/login`;
    await ctx.mailer.send({
      to: email,
      subject: 'A shopping list was shared with you on Kete',
      text: [
        `You have been given access to the Kete shopping list "${name}".`,
        '',
        `Sign in with this email address to use it: ${link}`,
        '',
        'Once signed in, switch to it from the list switcher on the home screen.',
      ].join('\n'),
    });
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
      // Committed before applyGrants looks for the account: a sign-in creating that account at
      // the same moment then either sees this grant or is seen by applyGrants.
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
      await applyGrants(db, email, now);
      // The grant stands even if the courtesy note cannot be sent; the owner can tell them too.
      if (await throttle.mayMail(workspace.workspaceId, email)) {
        await sendGrantMail(workspace, email).catch((err: unknown) =>
          log.error({ err }, 'could not send the access-granted email'),
        );
      }
      return { email, grantedAt: now };
    },

    async list(workspaceId: number): Promise<AccessGrant[]> {
      return db
        .selectFrom('access_grants')
        .select(['email', 'created_at as grantedAt'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('email')
        .execute();
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
