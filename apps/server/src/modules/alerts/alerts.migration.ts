import { type Kysely, type Migration, sql } from 'kysely';

export const alertsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Default on (issue 12): every existing user gets alerts until they turn them off.
    await db.schema
      .alterTable('users')
      .addColumn('price_alerts', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createTable('price_alert_state')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('last_sent_at', 'bigint')
      .addColumn('checked_to', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
      .execute();
  },
};
