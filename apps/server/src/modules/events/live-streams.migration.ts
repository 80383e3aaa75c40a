// Issue 32: the open live streams (live-streams.schema.ts), counted against their caps.
import type { Kysely, Migration } from 'kysely';

export const liveStreamsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('live_streams')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('live_streams_user')
      .on('live_streams')
      .columns(['user_id', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('live_streams_client')
      .on('live_streams')
      .columns(['client', 'expires_at'])
      .execute();
    await db.schema.createIndex('live_streams_expires').on('live_streams').column('expires_at').execute();
  },
};
