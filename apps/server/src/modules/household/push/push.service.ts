// Push subscriptions per device and what each user is told (issue 35, decision 0021): a member
// going shopping, items added while I am shopping, price drops (instantly or in the daily digest).
// A subscription the push service says is gone (404, 410) is removed; other failures are logged
// and the next message tries again, until a device has failed 3 times in a row. Bounds on devices
// and pushes, and the membership check before each push: push-bounds.ts (issue 44).

import { resolve } from 'node:path';
import {
  describeTrip,
  formatMoney,
  type PushMessage,
  type PushRequest,
  type PushTopics,
  type ShoppingTrip,
} from '@kete/shared';
import type { AppContext } from '../../../app-context.js';
import { fieldError, HttpError } from '../../../lib/http-error.js';
import { pushesTotal } from '../../../lib/metrics.js';
import { opsLog } from '../../../lib/ops-log.js';
import { endpointProblem } from './endpoint-guard.js';
import { keepNewestDevices, pushFailed, pushSucceeded, stillMember, withinPushCaps } from './push-bounds.js';
import { postPush, vapidSubject } from './push-sender.js';
import { vapidKeys } from './vapid-keys.js';

type Row = {
  endpoint: string;
  user_id: number;
  p256dh: string;
  auth: string;
  drops: string;
  shopping: number;
  added_while_shopping: number;
};

// Keyed by the database: every context built over it (the app's, a command's) shares the set.
const running = new WeakMap<object, Set<Promise<unknown>>>();

/** Sends in the background (a request never waits for a push service); close waits for them. */
export function inBackground(ctx: AppContext, work: Promise<unknown>, log: (error: unknown) => void): void {
  const set = running.get(ctx.db) ?? new Set();
  running.set(ctx.db, set);
  const tracked = work.catch(log).finally(() => set.delete(tracked));
  set.add(tracked);
}

/** Resolves when every push started so far has been sent (or failed). */
export async function pushesSettled(ctx: AppContext): Promise<void> {
  while ((running.get(ctx.db)?.size ?? 0) > 0) await Promise.all(running.get(ctx.db) ?? []);
}

export const ENDPOINT_TAKEN_MESSAGE = 'This push subscription belongs to another account.';

const topicsOf = (row: Row): PushTopics => ({
  drops: row.drops === 'daily' || row.drops === 'off' ? row.drops : 'instant',
  shopping: row.shopping === 1,
  addedWhileShopping: row.added_while_shopping === 1,
});

export function pushService(ctx: AppContext) {
  const { db } = ctx;
  const keys = () => vapidKeys(resolve(ctx.config.dataDir));
  const subject = () => vapidSubject(ctx.config.publicUrl, ctx.config.mailFrom);
  const columns = [
    'endpoint',
    'user_id',
    'p256dh',
    'auth',
    'drops',
    'shopping',
    'added_while_shopping',
  ] as const;

  /**
   * Posts to each row whose user is, at that moment, still a member of the workspace the message is
   * about (null: about no workspace) and within the minute's caps; gone ones are removed, failing
   * ones counted. Answers how many push services accepted.
   */
  async function deliver(rows: Row[], message: PushMessage, workspaceId: number | null): Promise<number> {
    let accepted = 0;
    for (const row of rows) {
      if (workspaceId !== null && !(await stillMember(ctx, row.user_id, workspaceId))) continue;
      if (!(await withinPushCaps(ctx, row.user_id, workspaceId))) continue;
      let status = 0;
      try {
        status = await postPush(row, message, keys(), subject());
      } catch (error) {
        pushesTotal.inc({ outcome: 'failed' });
        opsLog().warn(
          {
            event: 'push',
            outcome: 'failed',
            host: new URL(row.endpoint).host,
            error: (error as Error).message,
          },
          'push failed',
        );
        await pushFailed(ctx, row.endpoint);
        continue;
      }
      // The push service's host only: the endpoint's path identifies the phone.
      const host = new URL(row.endpoint).host;
      if (status === 404 || status === 410) {
        pushesTotal.inc({ outcome: 'gone' });
        opsLog().info({ event: 'push', outcome: 'gone', host, status }, 'push subscription gone');
        await db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
      } else if (status >= 200 && status < 300) {
        accepted++;
        pushesTotal.inc({ outcome: 'sent' });
        opsLog().info({ event: 'push', outcome: 'sent', host, status }, 'push sent');
        await pushSucceeded(ctx, row.endpoint);
      } else {
        pushesTotal.inc({ outcome: 'failed' });
        opsLog().warn({ event: 'push', outcome: 'failed', host, status }, 'push refused');
        await pushFailed(ctx, row.endpoint);
      }
    }
    return accepted;
  }

  /** Subscriptions of the workspace's members (but `except`), by a topic column that is on. */
  const membersWith = (workspaceId: number, except: number | null) =>
    db
      .selectFrom('push_subscriptions as p')
      .innerJoin('workspace_members as m', 'm.user_id', 'p.user_id')
      .select(columns.map((c) => `p.${c}` as const))
      .where('m.workspace_id', '=', workspaceId)
      .$if(except !== null, (q) => q.where('p.user_id', '!=', except as number));

  return {
    publicKey: () => keys().publicKey,

    async subscribe(userId: number, request: PushRequest): Promise<{ topics: PushTopics }> {
      const problem = endpointProblem(request.subscription.endpoint);
      if (problem) throw fieldError('subscription.endpoint', problem);
      const { p256dh, auth } = request.subscription.keys;
      if (Buffer.from(p256dh, 'base64url').length !== 65 || Buffer.from(auth, 'base64url').length !== 16) {
        throw fieldError('subscription.keys', 'These are not the keys of a push subscription.');
      }
      const values = {
        user_id: userId,
        p256dh,
        auth,
        drops: request.topics.drops,
        shopping: request.topics.shopping ? 1 : 0,
        added_while_shopping: request.topics.addedWhileShopping ? 1 : 0,
        failures: 0,
      };
      // One row per device (its endpoint). An endpoint another user saved stays theirs: taking it
      // over would let anyone who learns an endpoint read that person's pushes' topics, or stop them.
      const endpoint = request.subscription.endpoint;
      const saved = await db
        .insertInto('push_subscriptions')
        .values({
          endpoint,
          created_at: ctx.clock.now(),
          // Instant drops: from now on, not the week before the device subscribed.
          drops_checked_to: ctx.clock.now(),
          ...values,
        })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet(values).where('push_subscriptions.user_id', '=', userId),
        )
        .returning('endpoint')
        .executeTakeFirst();
      if (!saved) throw new HttpError(409, ENDPOINT_TAKEN_MESSAGE);
      await keepNewestDevices(ctx, userId, endpoint);
      return { topics: request.topics };
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .execute();
    },

    async settings(userId: number, endpoint: string): Promise<PushTopics | null> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select(columns)
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? topicsOf(row) : null;
    },

    /** 'Sam is shopping at PAK'nSAVE Albany' to the other members who chose it. */
    async tripStarted(workspaceId: number, trip: ShoppingTrip, shortCode: string): Promise<number> {
      const rows = await membersWith(workspaceId, trip.userId).where('p.shopping', '=', 1).execute();
      if (rows.length === 0) return 0;
      const store = await db
        .selectFrom('stores')
        .select('name')
        .where('id', '=', trip.storeId)
        .executeTakeFirst();
      return deliver(
        rows,
        {
          title: 'Going shopping',
          body: describeTrip(trip, store?.name),
          url: `/a/switch/${encodeURIComponent(shortCode)}?to=/w/cart`,
          tag: `trip-${workspaceId}`,
        },
        workspaceId,
      );
    },

    /** To the shopper, when another member adds to the list during their trip. */
    async addedWhileShopping(
      workspaceId: number,
      trip: ShoppingTrip,
      byName: string,
      productName: string,
      shortCode: string,
    ): Promise<number> {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(columns)
        .where('user_id', '=', trip.userId)
        .where('added_while_shopping', '=', 1)
        .execute();
      return deliver(
        rows,
        {
          title: `${byName} added to the list`,
          body: productName,
          url: `/a/switch/${encodeURIComponent(shortCode)}?to=/w/shop/${trip.storeId}`,
        },
        workspaceId,
      );
    },

    /** A user's devices that take price drops this way ('instant' or 'daily'). */
    dropDevices: (userId: number, how: 'instant' | 'daily') =>
      db
        .selectFrom('push_subscriptions')
        .select(columns)
        .where('user_id', '=', userId)
        .where('drops', '=', how)
        .execute(),

    /** Whether the user takes price drops by push on any device (then no e-mail digest). */
    async dropsByPush(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .where('drops', '!=', 'off')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A special the shopping list said to wait for has started (issue 46); a tap opens the list. */
    specialStarted: (rows: Row[], line: string, workspaceId: number) =>
      deliver(
        rows,
        { title: 'On special now', body: line, url: '/w/cart', tag: 'special-started' },
        workspaceId,
      ),

    /** The digest (or an instant drop) as one notification; a tap opens home's drops. */
    async drops(rows: Row[], lines: { name: string; store: string; oldPrice: number; newPrice: number }[]) {
      const [first] = lines;
      if (!first || rows.length === 0) return 0;
      const more = lines.length > 1 ? ` and ${lines.length - 1} more` : '';
      // About the user's own favourites, in no one workspace: capped per user only.
      return deliver(
        rows,
        {
          title: lines.length > 1 ? 'Price drops on your favourites' : 'Price drop on a favourite',
          body: `${first.name} at ${first.store}: ${formatMoney(first.oldPrice)} → ${formatMoney(first.newPrice)}${more}`,
          url: '/w',
          tag: 'price-drops',
        },
        null,
      );
    },
  };
}

export type PushService = ReturnType<typeof pushService>;
