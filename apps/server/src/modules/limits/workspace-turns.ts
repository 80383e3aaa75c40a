// One heavy piece of work at a time per workspace (issue 32: plans; later imports), across every
// server process sharing the database. A turn is a lease in rate_limits (bucket "<name>:<workspace>",
// window 0): taken by one upsert that succeeds only when the lease is free or ran out, freed when
// the work ends; a process that dies mid-work frees it after TURN_TTL_MS. Within a process the
// requests of a workspace queue for the turn (no polling of the database by each), and only
// MAX_WAITING may queue: a script sending many at once gets 429s, not a growing queue.
import type { Kysely } from 'kysely';
import { bookkeeping } from '../../db/bookkeeping.js';
import type { DB } from '../../db/schema.js';
import { tooManyRequests } from '../../lib/http-error.js';

/** Longer than any turn's work; only a dead process's turn lasts this long. */
export const TURN_TTL_MS = 30_000;
/** Requests of one workspace one process lets wait for the turn. */
export const MAX_WAITING = 2;
/** How long a request waits for its turn before it gives up with 429. */
export const TURN_WAIT_MS = 10_000;
/** How often a process asks again for a turn another process holds. */
const POLL_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WorkspaceTurns {
  /** Runs `work` in the workspace's turn; 429 with `busyMessage` when too many wait or it waited too long. */
  run<T>(workspaceId: number, work: () => Promise<T>): Promise<T>;
  /** Takes the turn directly (tests, and work that holds it across steps); null when it is taken. */
  take(workspaceId: number): Promise<(() => Promise<void>) | null>;
}

export function workspaceTurns(
  db: Kysely<DB>,
  name: string,
  busyMessage: string,
  now: () => number = Date.now,
): WorkspaceTurns {
  // A lost turn (a crash) only frees the workspace sooner: it need not wait for a commit.
  const counters = bookkeeping(db);
  /** Per workspace in this process: the end of the queue, and how many are in it. */
  const queues = new Map<number, { tail: Promise<void>; waiting: number }>();

  async function take(workspaceId: number): Promise<(() => Promise<void>) | null> {
    const bucket = `${name}:${workspaceId}`;
    const at = now();
    const expiresAt = at + TURN_TTL_MS;
    const taken = await counters
      .insertInto('rate_limits')
      .values({ bucket, window_start: 0, hits: 1, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .columns(['bucket', 'window_start'])
          .doUpdateSet((eb) => ({
            hits: eb('rate_limits.hits', '+', 1),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where('rate_limits.expires_at', '<=', at),
      )
      .returning('hits')
      .executeTakeFirst();
    if (!taken) return null;
    // The holder is told by its count of takes: an expired holder cannot free a later one's turn.
    const hits = Number(taken.hits);
    return async () => {
      await counters
        .updateTable('rate_limits')
        .set({ expires_at: 0 })
        .where('bucket', '=', bucket)
        .where('window_start', '=', 0)
        .where('hits', '=', hits)
        .execute();
    };
  }

  async function turnFor(workspaceId: number, until: number): Promise<() => Promise<void>> {
    for (;;) {
      const release = await take(workspaceId);
      if (release) return release;
      if (Date.now() >= until) throw tooManyRequests(busyMessage);
      await sleep(POLL_MS);
    }
  }

  return {
    take,
    async run(workspaceId, work) {
      const queue = queues.get(workspaceId) ?? { tail: Promise.resolve(), waiting: 0 };
      if (queue.waiting > MAX_WAITING) throw tooManyRequests(busyMessage);
      queues.set(workspaceId, queue);
      const until = Date.now() + TURN_WAIT_MS;
      const before = queue.tail;
      let done = () => {};
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      queue.tail = before.then(() => mine);
      queue.waiting += 1;
      try {
        await before;
        const release = await turnFor(workspaceId, until);
        try {
          return await work();
        } finally {
          await release();
        }
      } finally {
        queue.waiting -= 1;
        done();
        if (queue.waiting === 0 && queues.get(workspaceId) === queue) queues.delete(workspaceId);
      }
    },
  };
}
