// Price drops by push (issue 35). A member chooses per device: 'instant' (a push after the ingest
// that dropped a favourite), 'daily' (the daily digest as a push instead of an e-mail) or 'off'.
// A member who takes drops by push on any device gets no digest e-mail; everyone else does.
import type { AppContext } from '../../../app-context.js';
import { DAY } from '../../../lib/clock.js';
import type { Drop } from '../../alerts/price-drops.js';
import { findProducts } from '../../products/product-shape.js';
import { pushService } from './push.service.js';

async function linesOf(ctx: AppContext, drops: Drop[]) {
  const products = new Map(
    (await findProducts(ctx.db, [...new Set(drops.map((d) => d.productId))], [])).map((p) => [p.id, p]),
  );
  const storeIds = [...new Set(drops.map((d) => d.storeId))];
  const stores = new Map(
    storeIds.length === 0
      ? []
      : (await ctx.db.selectFrom('stores').select(['id', 'name']).where('id', 'in', storeIds).execute()).map(
          (s) => [s.id, s.name],
        ),
  );
  return drops.map((d) => ({
    name: products.get(d.productId)?.name ?? 'A favourite',
    store: stores.get(d.storeId) ?? 'your store',
    oldPrice: d.oldPrice,
    newPrice: d.newPrice,
  }));
}

/**
 * The daily digest for a member who takes drops by push: sent to their 'daily' devices (their
 * 'instant' ones had each drop already). False: they take no drops by push, so e-mail it.
 */
export async function digestByPush(ctx: AppContext, userId: number, drops: Drop[]): Promise<boolean> {
  const push = pushService(ctx);
  if (!(await push.dropsByPush(userId))) return false;
  await push.drops(await push.dropDevices(userId, 'daily'), await linesOf(ctx, drops));
  return true;
}

/** After an ingest: each 'instant' device hears of the drops since it last heard (a day at most). */
export async function sendInstantDrops(
  ctx: AppContext,
  dropsFor: (workspaceId: number, since: number, now: number) => Promise<Drop[]>,
): Promise<number> {
  const push = pushService(ctx);
  const now = ctx.clock.now();
  const devices = await ctx.db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'drops_checked_to'])
    .where('drops', '=', 'instant')
    .execute();
  const users = new Map<number, number>();
  for (const d of devices) {
    users.set(
      d.user_id,
      Math.min(users.get(d.user_id) ?? Number.POSITIVE_INFINITY, Number(d.drops_checked_to)),
    );
  }
  let sent = 0;
  for (const [userId, checked] of users) {
    const since = Math.max(checked, now - DAY);
    const memberships = await ctx.db
      .selectFrom('workspace_members')
      .select('workspace_id')
      .where('user_id', '=', userId)
      .execute();
    const seen = new Set<string>();
    const drops: Drop[] = [];
    for (const { workspace_id } of memberships) {
      for (const drop of await dropsFor(workspace_id, since, now)) {
        const key = `${drop.storeId}:${drop.productId}`;
        if (!seen.has(key)) drops.push(drop);
        seen.add(key);
      }
    }
    // Claimed before sending, so two processes after one ingest do not both push.
    const claimed = await ctx.db
      .updateTable('push_subscriptions')
      .set({ drops_checked_to: now })
      .where('user_id', '=', userId)
      .where('drops', '=', 'instant')
      .where('drops_checked_to', '<', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0 || drops.length === 0) continue;
    sent += await push.drops(await push.dropDevices(userId, 'instant'), await linesOf(ctx, drops));
  }
  return sent;
}
