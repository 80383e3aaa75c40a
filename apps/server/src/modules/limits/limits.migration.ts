// Issue 10: rate-limit counters, the client a sign-in code was sent for (codes and tries are
// counted per address and client), and a session's start (sessions end 90 days after sign-in).
import type { Kysely, Migration } from 'kysely';

export const limitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.notNull())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rate_limits_pk', ['bucket', 'window_start'])
      .execute();
    await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute();

    await db.schema.alterTable('sign_in_codes').addColumn('client', 'text').execute();
    await db.schema.createIndex('sign_in_codes_expires').on('sign_in_codes').column('expires_at').execute();

    await db.schema.alterTable('refresh_tokens').addColumn('session_started_at', 'bigint').execute();
    await db.schema.createIndex('refresh_tokens_expires').on('refresh_tokens').column('expires_at').execute();
  },
};
