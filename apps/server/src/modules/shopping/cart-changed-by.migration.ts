// Issue 49 item 1: who last changed a shopping-list item. An offline change replayed later is
// refused only when someone else changed the item after it was made (never the phone's own
// earlier edits), and the refusal names that person.
import type { Kysely, Migration } from 'kysely';

export const cartChangedByMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('cart_items')
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  },
};
