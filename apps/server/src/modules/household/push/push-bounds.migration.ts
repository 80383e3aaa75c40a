// 125: a push subscription's failures in a row, so a device that keeps failing is dropped
// (issue 44 item 3, decision 0023).
import type { Kysely, Migration } from 'kysely';

export const pushFailuresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('push_subscriptions')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
