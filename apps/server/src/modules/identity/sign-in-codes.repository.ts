import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export function signInCodesRepository(db: Kysely<DB>) {
  return {
    async countIssuedSince(email: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('sign_in_codes')
        .select(db.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A new code replaces older ones: they stop working the moment it is issued. */
    replaceActive: (email: string, codeHash: string, expiresAt: number, now: number) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sign_in_codes')
          .set({ active: 0 })
          .where('email', '=', email)
          .where('active', '=', 1)
          .execute();
        await trx
          .insertInto('sign_in_codes')
          .values({
            email,
            code_hash: codeHash,
            expires_at: expiresAt,
            attempts: 0,
            active: 1,
            created_at: now,
          })
          .execute();
      }),

    findActive: (email: string) =>
      db
        .selectFrom('sign_in_codes')
        .selectAll()
        .where('email', '=', email)
        .where('active', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /**
     * Claims one of the code's tries before the guess is compared, in one statement: parallel
     * guesses cannot get more than `maxTries` between them. The tries used, or null when none is
     * left (or the code is no longer live).
     */
    async claimTry(id: number, maxTries: number): Promise<number | null> {
      const row = await db
        .updateTable('sign_in_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('active', '=', 1)
        .where('attempts', '<', maxTries)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts ?? null;
    },

    /** A code that has used up its tries stops working; a new one must be requested. */
    kill: (id: number) => db.updateTable('sign_in_codes').set({ active: 0 }).where('id', '=', id).execute(),

    /** Uses the code up; false when a concurrent request already did. */
    async consume(id: number): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_codes')
        .set({ active: 0 })
        .where('id', '=', id)
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
