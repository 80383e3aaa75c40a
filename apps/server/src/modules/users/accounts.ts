// The first sign-in creates the user and their own workspace, of which they are the Owner.
import { AccessLevel, type Feature } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newShortCode } from '../workspaces/short-code.js';

/** "jane.doe+kete@example.com" -> "Jane Doe": a friendly name until the user picks one. */
export function displayNameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/\+.*$/, '');
  const words = local
    .split(/[._\-\d]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.join(' ') || email;
}

export async function findOrCreateAccount(
  db: Kysely<DB>,
  email: string,
  features: Feature[],
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return existing.id;

    const user = await trx
      .insertInto('users')
      .values({
        email,
        display_name: displayNameFromEmail(email),
        features: features.join(','),
        created_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    // A concurrent first sign-in for the same address won the race: use its account.
    if (!user) {
      const winner = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return winner.id;
    }

    const workspace = await trx
      .insertInto('workspaces')
      .values({ short_code: newShortCode(), shared_name: null, owner_user_id: user.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('workspace_members')
      .values({
        workspace_id: workspace.id,
        user_id: user.id,
        access_level: AccessLevel.Owner,
        created_at: now,
      })
      .execute();
    return user.id;
  });
}
