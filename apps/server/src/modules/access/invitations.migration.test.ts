// Migration 060 on a database an older Kete wrote: a grant that already became a membership is
// accepted; a grant to an address that never signed in waits as an invitation.
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import type { DB } from '../../db/schema.js';
import { migrateAsOlderRelease } from '../../test/older-release.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

async function account(db: Kysely<DB>, email: string, shortCode: string) {
  const user = await db
    .insertInto('users')
    .values({ email, display_name: email, features: '', created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workspace = await db
    .insertInto('workspaces')
    .values({ short_code: shortCode, shared_name: null, owner_user_id: user.id, created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: workspace.id, user_id: user.id, access_level: 0, created_at: 1 })
    .execute();
  return { userId: user.id, workspaceId: workspace.id };
}

describe('migration 060-invitations', () => {
  it('marks grants that are memberships accepted and leaves the others waiting', async () => {
    database = await createTestDatabase();
    await migrateAsOlderRelease(database, (name) => name < '060');

    const db = database.db as unknown as Kysely<DB>;
    const owner = await account(db, 'owner@example.com', 'owner00001');
    const member = await account(db, 'member@example.com', 'member0001');
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: owner.workspaceId, user_id: member.userId, access_level: 2, created_at: 5 })
      .execute();
    const grant = (email: string) => ({
      workspace_id: owner.workspaceId,
      email,
      granted_by_user_id: owner.userId,
      created_at: 5,
    });
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('access_grants')
      .values([grant('member@example.com'), grant('new@example.com')])
      .execute();

    await migrateToLatest(database);
    const rows = await db
      .selectFrom('access_grants')
      .select(['email', 'accepted_at'])
      .orderBy('email')
      .execute();
    expect(rows.map((r) => [r.email, r.accepted_at === null ? null : Number(r.accepted_at)])).toEqual([
      ['member@example.com', 5],
      ['new@example.com', null],
    ]);
  });
});
