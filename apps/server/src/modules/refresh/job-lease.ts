// A lease in the database so a job runs in one place at a time, whatever the number of processes or
// hosts sharing the database: the holder takes the row only when it is free or expired, and renews
// it while it works. A holder that dies stops renewing, so the lease frees itself after `ttlMs`.
// One conditional UPDATE decides who wins on SQLite and PostgreSQL alike.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface Lease {
  holder: string;
  /** Extends the lease; false when another holder has taken it (this one ran past its expiry). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

export async function acquireLease(
  db: Kysely<DB>,
  name: string,
  ttlMs: number,
  now: () => number = Date.now,
): Promise<Lease | null> {
  const holder = randomUUID();
  await db
    .insertInto('job_leases')
    .values({ name, holder: '', expires_at: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const taken = await db
    .updateTable('job_leases')
    .set({ holder, expires_at: now() + ttlMs })
    .where('name', '=', name)
    .where('expires_at', '<=', now())
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return {
    holder,
    async renew() {
      const renewed = await db
        .updateTable('job_leases')
        .set({ expires_at: now() + ttlMs })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1;
    },
    async release() {
      await db
        .updateTable('job_leases')
        .set({ holder: '', expires_at: 0 })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
