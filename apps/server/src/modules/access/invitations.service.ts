// A grant is an invitation (issue 32, decision 0017): the workspace joins the person's switcher
// only once they accept it, and they may decline it, or later leave. Each answer commits in one
// transaction, and the route announces it to the workspace's members as an 'access' event.
import { AccessLevel, type Invitation, membershipMessages, NOT_A_MEMBER_MESSAGE } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/http-error.js';
import type { User } from '../users/users.repository.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

/** The workspaces shared with this address that wait for its answer, oldest first. */
export async function pendingInvitations(db: Kysely<DB>, email: string): Promise<Invitation[]> {
  return db
    .selectFrom('access_grants as g')
    .innerJoin('workspaces as w', 'w.id', 'g.workspace_id')
    .innerJoin('users as u', 'u.id', 'g.granted_by_user_id')
    .innerJoin('users as o', 'o.id', 'w.owner_user_id')
    .select([
      'w.short_code as shortCode',
      'w.shared_name as sharedName',
      'u.display_name as invitedBy',
      'o.display_name as ownerName',
    ])
    .where('g.email', '=', email)
    .where('g.accepted_at', 'is', null)
    .orderBy('g.created_at')
    .orderBy('w.id')
    .execute();
}

/** `change` is null when nothing changed (accepting again): then nothing is announced. */
export type MembershipAnswer = { change: 'joined' | 'left' | 'declined' | null; membership: Membership };

export function invitationsService(ctx: AppContext) {
  const { db } = ctx;

  // The workspace and what this user has of it: a membership, a grant waiting, or nothing.
  const standing = (trx: Kysely<DB>, user: User, shortCode: string) =>
    trx
      .selectFrom('workspaces as w')
      .leftJoin('workspace_members as m', (join) =>
        join.onRef('m.workspace_id', '=', 'w.id').on('m.user_id', '=', user.id),
      )
      .leftJoin('access_grants as g', (join) =>
        join.onRef('g.workspace_id', '=', 'w.id').on('g.email', '=', user.email),
      )
      .select([
        'w.id as workspaceId',
        'w.short_code as shortCode',
        'w.shared_name as sharedName',
        'w.owner_user_id as ownerUserId',
        'm.access_level as accessLevel',
        'g.email as grantedTo',
      ])
      .where('w.short_code', '=', shortCode)
      .executeTakeFirst();

  const asMembership = (row: NonNullable<Awaited<ReturnType<typeof standing>>>, level: AccessLevel) => ({
    workspaceId: row.workspaceId,
    shortCode: row.shortCode,
    sharedName: row.sharedName,
    ownerUserId: row.ownerUserId,
    accessLevel: level,
  });

  return {
    /** Accepting: a Shared membership. Accepting again, as a member, changes nothing. */
    async accept(user: User, shortCode: string): Promise<MembershipAnswer> {
      return db.transaction().execute(async (trx) => {
        const row = await standing(trx, user, shortCode);
        if (row?.accessLevel != null) {
          return { change: null, membership: asMembership(row, row.accessLevel as AccessLevel) };
        }
        // Nothing shared with this address: the same answer as any other workspace route's.
        if (!row?.grantedTo) throw forbidden(NOT_A_MEMBER_MESSAGE);
        const now = ctx.clock.now();
        await trx
          .updateTable('access_grants')
          .set({ accepted_at: now })
          .where('workspace_id', '=', row.workspaceId)
          .where('email', '=', user.email)
          .execute();
        await trx
          .insertInto('workspace_members')
          .values({
            workspace_id: row.workspaceId,
            user_id: user.id,
            access_level: AccessLevel.Shared,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
          .execute();
        return { change: 'joined', membership: asMembership(row, AccessLevel.Shared) };
      });
    },

    /**
     * Declining an invitation, or leaving a workspace one is a Shared member of: the grant goes
     * too, so nothing brings the workspace back but a new grant from its Owner.
     */
    async giveUp(user: User, shortCode: string): Promise<MembershipAnswer> {
      return db.transaction().execute(async (trx) => {
        const row = await standing(trx, user, shortCode);
        if (row?.accessLevel === AccessLevel.Owner) throw badRequest(membershipMessages.ownerCannotLeave);
        if (!row || (row.accessLevel == null && !row.grantedTo)) throw forbidden(NOT_A_MEMBER_MESSAGE);
        await trx
          .deleteFrom('access_grants')
          .where('workspace_id', '=', row.workspaceId)
          .where('email', '=', user.email)
          .execute();
        const left = row.accessLevel === AccessLevel.Shared;
        if (left) {
          await trx
            .deleteFrom('workspace_members')
            .where('workspace_id', '=', row.workspaceId)
            .where('user_id', '=', user.id)
            .where('access_level', '=', AccessLevel.Shared)
            .execute();
          // Their 'going shopping' trip ends as they leave (issue 44 item 2).
          await trx
            .deleteFrom('shopping_trips')
            .where('workspace_id', '=', row.workspaceId)
            .where('user_id', '=', user.id)
            .execute();
        }
        return { change: left ? 'left' : 'declined', membership: asMembership(row, AccessLevel.Shared) };
      });
    },
  };
}
