// Fixed-window counters in the database: one atomic upsert per hit answers the window's count,
// the same on SQLite and PostgreSQL and across processes. A fixed window can let through up to
// twice the limit around a window's edge; the limits are set with that in mind (decision 0006).
import type { Kysely } from 'kysely';
import { bookkeeping } from '../../db/bookkeeping.js';
import type { DB } from '../../db/schema.js';

export function rateLimits(db: Kysely<DB>) {
  const windowOf = (windowMs: number, now: number) => now - (now % windowMs);
  // A hit lost in a crash only lets one more request through: it need not wait for its commit.
  const counters = bookkeeping(db);

  return {
    /** Counts `count` hits (one unless said) in the bucket's current window; answers the hits in it so far. */
    async hit(bucket: string, windowMs: number, now: number, count = 1): Promise<number> {
      const windowStart = windowOf(windowMs, now);
      const row = await counters
        .insertInto('rate_limits')
        .values({ bucket, window_start: windowStart, hits: count, expires_at: windowStart + windowMs })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet((eb) => ({ hits: eb('rate_limits.hits', '+', eb.ref('excluded.hits')) })),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    /** The hits in the bucket's current window, without counting one. */
    async peek(bucket: string, windowMs: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('window_start', '=', windowOf(windowMs, now))
        .executeTakeFirst();
      return Number(row?.hits ?? 0);
    },

    /** Marks a fact (e.g. "this client signed in to this address") true until `until`. */
    async remember(bucket: string, until: number): Promise<void> {
      await db
        .insertInto('rate_limits')
        .values({ bucket, window_start: 0, hits: 1, expires_at: until })
        .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ expires_at: until }))
        .execute();
    },

    /** Whether `remember` marked the fact and it has not run out. */
    async remembers(bucket: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('rate_limits')
        .select('expires_at')
        .where('bucket', '=', bucket)
        .where('window_start', '=', 0)
        .executeTakeFirst();
      return row !== undefined && Number(row.expires_at) > now;
    },

    /** Seconds until the bucket's current window ends (for Retry-After). */
    retryAfterSeconds: (windowMs: number, now: number) =>
      Math.max(1, Math.ceil((windowOf(windowMs, now) + windowMs - now) / 1000)),
  };
}

export type RateLimits = ReturnType<typeof rateLimits>;
