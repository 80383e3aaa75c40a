// Issue 32: a digest that a recipient's mail server refuses is that recipient's failure alone. It
// is recorded here and tried again after a back-off, while everyone else's digest goes out.
import type { Kysely, Migration } from 'kysely';

export const alertDeliveryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('price_alert_state')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('price_alert_state').addColumn('retry_at', 'bigint').execute();
    await db.schema.alterTable('price_alert_state').addColumn('last_error', 'text').execute();
  },
};
