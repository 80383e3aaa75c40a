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

    /**
     * The sessions (families) among these that still have a usable token: sign-out, reuse of a
     * rotated token and the end of a session leave none. (A rotation revokes the old token a
     * moment before it writes the new one: a caller closing something on this answer asks twice.)
     */
    async liveFamilies(familyIds: readonly string[], now: number): Promise<Set<string>> {
      if (familyIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .distinct()
        .where('family_id', 'in', [...familyIds])
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      return new Set(rows.map((row) => row.family_id));
    },
  };
}
