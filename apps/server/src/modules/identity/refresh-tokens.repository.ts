import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function refreshTokensRepository(db: Kysely<DB>) {
  return {
    findByHash: (tokenHash: string) =>
      db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    async insert(values: {
      userId: number;
      tokenHash: string;
      familyId: string;
      expiresAt: number;
      createdAt: number;
      sessionStartedAt: number;
    }): Promise<number> {
      const row = await db
        .insertInto('refresh_tokens')
        .values({
          user_id: values.userId,
          token_hash: values.tokenHash,
          family_id: values.familyId,
          expires_at: values.expiresAt,
          created_at: values.createdAt,
          session_started_at: values.sessionStartedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Marks a live token used; false if someone else used or revoked it first. */
    async revokeIfLive(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    setReplacedBy: (id: number, replacedById: number) =>
      db.updateTable('refresh_tokens').set({ replaced_by_id: replacedById }).where('id', '=', id).execute(),

    revokeFamily: (familyId: string, now: number) =>
      db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute(),
  };
}
