// Push within bounds (issue 44 items 2 and 3, decision 0023). Sign-up is open, so one account must
// not turn the server into a megaphone: a user keeps at most PUSH_SUBSCRIPTIONS_PER_USER devices
// (the oldest goes), a minute's pushes are capped per user and per workspace (counted in the
// database, so the caps hold across processes), a device that fails PUSH_FAILURES_BEFORE_DROP
// times in a row is dropped, and a push about a workspace goes only to someone still its member.
import {
  PUSH_FAILURES_BEFORE_DROP,
  PUSH_SUBSCRIPTIONS_PER_USER,
  PUSHES_PER_USER_PER_MINUTE,
  PUSHES_PER_WORKSPACE_PER_MINUTE,
} from '@kete/shared';
import type { AppContext } from '../../../app-context.js';
import { MINUTE } from '../../../lib/clock.js';
import { rateLimits } from '../../limits/rate-limits.js';

/** After saving `kept`: the user's oldest devices beyond the cap are forgotten. */
export async function keepNewestDevices(ctx: AppContext, userId: number, kept: string): Promise<void> {
  const devices = await ctx.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .where('endpoint', '!=', kept)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint')
    .execute();
  const beyond = devices.slice(PUSH_SUBSCRIPTIONS_PER_USER - 1).map((d) => d.endpoint);
  if (beyond.length === 0) return;
  await ctx.db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', 'in', beyond)
    .execute();
}

/** Whether the user is (still) a member of the workspace: checked just before each push. */
export async function stillMember(ctx: AppContext, userId: number, workspaceId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one push to the user (about the workspace, if any); false past either minute's cap. */
export async function withinPushCaps(
  ctx: AppContext,
  userId: number,
  workspaceId: number | null,
): Promise<boolean> {
  const limits = rateLimits(ctx.db);
  const now = ctx.clock.now();
  if ((await limits.hit(`push-user:${userId}`, MINUTE, now)) > PUSHES_PER_USER_PER_MINUTE) return false;
  if (workspaceId === null) return true;
  return (await limits.hit(`push-workspace:${workspaceId}`, MINUTE, now)) <= PUSHES_PER_WORKSPACE_PER_MINUTE;
}

/** A push the service accepted: the device's failures in a row start again from none. */
export async function pushSucceeded(ctx: AppContext, endpoint: string): Promise<void> {
  await ctx.db
    .updateTable('push_subscriptions')
    .set({ failures: 0 })
    .where('endpoint', '=', endpoint)
    .where('failures', '>', 0)
    .execute();
}

/** A push that failed (no answer, or an error status): the third in a row drops the device. */
export async function pushFailed(ctx: AppContext, endpoint: string): Promise<void> {
  const row = await ctx.db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('endpoint', '=', endpoint)
    .returning('failures')
    .executeTakeFirst();
  if (row && Number(row.failures) >= PUSH_FAILURES_BEFORE_DROP)
    await ctx.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}
