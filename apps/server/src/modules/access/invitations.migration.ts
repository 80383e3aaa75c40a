// Issue 32: a grant is an invitation until the person accepts it (decision 0017). accepted_at is
// null while it waits. Grants that already became memberships were accepted, in effect, when they
// were made; grants to addresses that never signed in wait for their answer like any new one.
import { type Kysely, type Migration, sql } from 'kysely';

export const invitationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('access_grants').addColumn('accepted_at', 'bigint').execute();
    await sql`
      update access_grants set accepted_at = created_at
      where exists (
        select 1 from workspace_members m join users u on u.id = m.user_id
        where m.workspace_id = access_grants.workspace_id and u.email = access_grants.email
      )`.execute(db);
  },
};
