import { AccessLevel } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { toUser, type User } from '../users/users.repository.js';

export interface Membership {
  workspaceId: number;
  shortCode: string;
  sharedName: string | null;
  ownerUserId: number;
  accessLevel: AccessLevel;
  /** The Owner's display name, read with the user's workspaces (listForUser): a workspace shared
   * with someone is shown by it ("Aroha's Kete") until the Owner names it (issue 49). */
  ownerName?: string;
  /** The workspace's stores, read with the membership of a workspace request (findMembership). */
  storeIds?: number[];
}

export function workspacesRepository(db: Kysely<DB>) {
  const memberships = () =>
    db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select([
        'w.id as workspaceId',
        'w.short_code as shortCode',
        'w.shared_name as sharedName',
        'w.owner_user_id as ownerUserId',
        'm.access_level as accessLevel',
      ]);

  // Every start-up reads the user's workspaces, and every workspace request its membership:
  // compiled once (db/compiled-once.ts).
  const ofUser = compiledOnce(db, (userId: number) =>
    memberships()
      .innerJoin('users as o', 'o.id', 'w.owner_user_id')
      .select('o.display_name as ownerName')
      .where('m.user_id', '=', userId),
  );
  // A workspace request's membership, with the workspace's store ids in the same read: every
  // priced answer needs them, and on PostgreSQL a second query is a second round trip.
  const storeIdList =
    dialectOf(db) === 'sqlite'
      ? sql<
          string | null
        >`(select group_concat(s.store_id) from workspace_stores s where s.workspace_id = w.id)`
      : sql<
          string | null
        >`(select string_agg(s.store_id::text, ',') from workspace_stores s where s.workspace_id = w.id)`;
  const membershipOf = compiledOnce(db, (userId: number, shortCode: string) =>
    memberships()
      .select(storeIdList.as('storeIdList'))
      .where('m.user_id', '=', userId)
      .where('w.short_code', '=', shortCode),
  );

  // A workspace request's user and membership in one read (plugins/authentication.ts): every such
  // request needs both, and on PostgreSQL a second read is a second round trip.
  const userAndMembershipOf = compiledOnce(db, (userId: number, shortCode: string) =>
    db
      .selectFrom('users as u')
      .leftJoin('workspaces as w', (join) => join.on('w.short_code', '=', shortCode))
      .leftJoin('workspace_members as m', (join) =>
        join.onRef('m.workspace_id', '=', 'w.id').onRef('m.user_id', '=', 'u.id'),
      )
      .select([
        'u.id',
        'u.email',
        'u.display_name',
        'u.features',
        'u.price_alerts',
        'w.id as workspaceId',
        'w.short_code as shortCode',
        'w.shared_name as sharedName',
        'w.owner_user_id as ownerUserId',
        'm.access_level as accessLevel',
        storeIdList.as('storeIdList'),
      ])
      .where('u.id', '=', userId),
  );

  const toMembership = (row: Omit<Membership, 'storeIds'> & { storeIdList: string | null }): Membership => {
    const { storeIdList, ...membership } = row;
    return { ...membership, storeIds: storeIdList ? storeIdList.split(',').map(Number) : [] };
  };

  return {
    /**
     * The user, and their membership of the workspace with this shortCode if they have one, in
     * one read; undefined if there is no such user.
     */
    async findUserAndMembership(
      userId: number,
      shortCode: string,
    ): Promise<{ user: User; membership: Membership | undefined } | undefined> {
      const [row] = await userAndMembershipOf(userId, shortCode);
      if (!row) return undefined;
      const {
        workspaceId,
        shortCode: code,
        sharedName,
        ownerUserId,
        accessLevel,
        storeIdList,
        ...user
      } = row;
      const member =
        accessLevel === null || workspaceId === null || code === null || ownerUserId === null
          ? undefined
          : toMembership({
              workspaceId,
              shortCode: code,
              sharedName,
              ownerUserId,
              accessLevel: accessLevel as AccessLevel,
              storeIdList,
            });
      return { user: toUser(user), membership: member };
    },

    /** The user's membership of the workspace with this shortCode, if any. */
    async findMembership(userId: number, shortCode: string): Promise<Membership | undefined> {
      const [row] = await membershipOf(userId, shortCode);
      return row && toMembership(row as Omit<Membership, 'storeIds'> & { storeIdList: string | null });
    },

    /** Every workspace the user belongs to, their own first, then by name. */
    async listForUser(userId: number): Promise<Membership[]> {
      const rows = (await ofUser(userId)) as Membership[];
      return rows.sort((a, b) => {
        if (a.accessLevel !== b.accessLevel) return a.accessLevel - b.accessLevel;
        return (a.sharedName ?? '').localeCompare(b.sharedName ?? '') || a.workspaceId - b.workspaceId;
      });
    },

    async ownWorkspace(userId: number): Promise<Membership | undefined> {
      const row = await memberships()
        .where('m.user_id', '=', userId)
        .where('m.access_level', '=', AccessLevel.Owner)
        .orderBy('w.id')
        .executeTakeFirst();
      return row as Membership | undefined;
    },
  };
}
