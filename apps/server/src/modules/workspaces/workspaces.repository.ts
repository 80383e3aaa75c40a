import { AccessLevel } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface Membership {
  workspaceId: number;
  shortCode: string;
  sharedName: string | null;
  ownerUserId: number;
  accessLevel: AccessLevel;
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

  return {
    /** The user's membership of the workspace with this shortCode, if any. */
    async findMembership(userId: number, shortCode: string): Promise<Membership | undefined> {
      const row = await memberships()
        .where('m.user_id', '=', userId)
        .where('w.short_code', '=', shortCode)
        .executeTakeFirst();
      return row as Membership | undefined;
    },

    /** Every workspace the user belongs to, their own first, then by name. */
    async listForUser(userId: number): Promise<Membership[]> {
      const rows = (await memberships().where('m.user_id', '=', userId).execute()) as Membership[];
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
