// The caps on open live streams (issue 32): at most LIVE_STREAMS_PER_USER per user and
// LIVE_STREAMS_PER_CLIENT per client address, across every server process sharing the database.
// A stream holds a row (live-streams.schema.ts) for as long as it is open; its process renews the
// rows' lease on each heartbeat, so a process that dies stops counting within LEASE_MS.
import { LIVE_HEARTBEAT_SECONDS, LIVE_STREAMS_PER_CLIENT, LIVE_STREAMS_PER_USER } from '@kete/shared';
import type { Kysely } from 'kysely';
import { bookkeeping } from '../../db/bookkeeping.js';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { lockName } from '../../lib/advisory-lock.js';
import { chunks } from '../../lib/chunks.js';
import { tooManyRequests } from '../../lib/http-error.js';

/** Three heartbeats: a live process renews well within it. */
export const LEASE_MS = 3 * LIVE_HEARTBEAT_SECONDS * 1000;

export const streamLimitMessages = {
  user: 'Kete is open in too many places at once. Close it in another tab or on another device and try again.',
  client: 'Too many live connections come from your network. Please try again later.',
};

const n = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

export function streamLeases(db: Kysely<DB>) {
  // Renewals and removals are bookkeeping: one lost in a crash only keeps a row counted a while.
  const counters = bookkeeping(db);
  const counted = (trx: Kysely<DB>, column: 'user_id' | 'client', value: number | string, now: number) =>
    trx
      .selectFrom('live_streams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('expires_at', '>', now)
      .executeTakeFirst();

  return {
    /** Takes a place for a new stream, or throws the 429 of the cap it would pass. */
    async open(stream: { id: string; userId: number; client: string }, now: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Counting then inserting, one opener at a time (SQLite's write lock does this already).
        await lockName(trx, dialectOf(db), 'live-streams');
        if (n(await counted(trx, 'user_id', stream.userId, now)) >= LIVE_STREAMS_PER_USER)
          throw tooManyRequests(streamLimitMessages.user);
        if (n(await counted(trx, 'client', stream.client, now)) >= LIVE_STREAMS_PER_CLIENT)
          throw tooManyRequests(streamLimitMessages.client);
        await trx
          .insertInto('live_streams')
          .values({
            id: stream.id,
            user_id: stream.userId,
            client: stream.client,
            expires_at: now + LEASE_MS,
          })
          .execute();
      });
    },

    /** Keeps these streams counted for another LEASE_MS (one statement for thousands). */
    async renew(ids: readonly string[], now: number): Promise<void> {
      for (const part of chunks([...ids]))
        await counters
          .updateTable('live_streams')
          .set({ expires_at: now + LEASE_MS })
          .where('id', 'in', part)
          .execute();
    },

    async close(id: string): Promise<void> {
      await counters.deleteFrom('live_streams').where('id', '=', id).execute();
    },
  };
}

export type StreamLeases = ReturnType<typeof streamLeases>;
