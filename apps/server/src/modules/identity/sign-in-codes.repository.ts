import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { lockName } from '../../lib/advisory-lock.js';

export interface CodeIssue {
  email: string;
  client: string;
  codeHash: string;
  expiresAt: number;
  now: number;
  /** Codes counted from this time on (an hour back). */
  since: number;
  perClient: number;
  perAddress: number;
}

export function signInCodesRepository(db: Kysely<DB>, dialect: Dialect) {
  return {
    /**
     * Issues a code unless the address has had too many in the hour, from this client or from all
     * together; counted and written in one transaction under a lock on the address, so parallel
     * requests cannot pass the limits. Replaces only this client's older code: a stranger asking
     * for codes for someone's address does not stop that person's code working. False if refused.
     */
    issue: (code: CodeIssue) =>
      db.transaction().execute(async (trx) => {
        await lockName(trx, dialect, `sign-in-code:${code.email}`);
        const recent = await trx
          .selectFrom('sign_in_codes')
          .select('client')
          .where('email', '=', code.email)
          .where('created_at', '>', code.since)
          .execute();
        const fromClient = recent.filter((row) => row.client === code.client).length;
        if (fromClient >= code.perClient || recent.length >= code.perAddress) return false;
        await trx
          .updateTable('sign_in_codes')
          .set({ active: 0 })
          .where('email', '=', code.email)
          .where('client', '=', code.client)
          .where('active', '=', 1)
          .execute();
        await trx
          .insertInto('sign_in_codes')
          .values({
            email: code.email,
            client: code.client,
            code_hash: code.codeHash,
            expires_at: code.expiresAt,
            attempts: 0,
            active: 1,
            created_at: code.now,
          })
          .execute();
        return true;
      }),

    /** The address's live codes (from every client), newest first. */
    findLive: (email: string) =>
      db
        .selectFrom('sign_in_codes')
        .selectAll()
        .where('email', '=', email)
        .where('active', '=', 1)
        .orderBy('id', 'desc')
        .limit(100)
        .execute(),

    /** Once signed in, every other code of the address stops working too. */
    deactivateAll: (email: string) =>
      db
        .updateTable('sign_in_codes')
        .set({ active: 0 })
        .where('email', '=', email)
        .where('active', '=', 1)
        .execute(),

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
