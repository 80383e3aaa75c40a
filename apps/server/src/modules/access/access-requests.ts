// Requests to use Kete, and who may sign in under KETE_SIGNUP=invite.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';

export interface AccessRequest {
  email: string;
  requestedAt: number;
  approvedAt: number | null;
}

export function accessRequests(db: Kysely<DB>) {
  return {
    /** Asking twice keeps the first request (and any approval). */
    async record(email: string, now: number): Promise<void> {
      await db
        .insertInto('access_requests')
        .values({ email, requested_at: now, approved_at: null })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
    },

    /** Approves, even an address that never asked. Answers false if it was approved already. */
    async approve(email: string, now: number): Promise<boolean> {
      const existing = await db
        .selectFrom('access_requests')
        .select('approved_at')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing?.approved_at != null) return false;
      await db
        .insertInto('access_requests')
        .values({ email, requested_at: now, approved_at: now })
        .onConflict((oc) => oc.column('email').doUpdateSet({ approved_at: now }))
        .execute();
      return true;
    },

    async list(): Promise<AccessRequest[]> {
      return db
        .selectFrom('access_requests')
        .select(['email', 'requested_at as requestedAt', 'approved_at as approvedAt'])
        .orderBy('requested_at')
        .orderBy('email')
        .execute();
    },
  };
}

/** Under invite-only sign-up: an existing account, a grant to some workspace, or an approval. */
export async function mayJoinKete(ctx: AppContext, email: string): Promise<boolean> {
  if (ctx.config.signup === 'open') return true;
  const [user, grant, approval] = await Promise.all([
    ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ctx.db.selectFrom('access_grants').select('workspace_id').where('email', '=', email).executeTakeFirst(),
    ctx.db
      .selectFrom('access_requests')
      .select('email')
      .where('email', '=', email)
      .where('approved_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  return Boolean(user ?? grant ?? approval);
}
