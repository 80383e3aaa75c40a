// Price-drop digests (issue 12): after an ingest changed prices (or on `kete alerts:send`), each
// member with alerts on whose workspaces' favourites dropped at the workspaces' stores gets one
// e-mail listing them, never more than one a day.
import { formatMoney } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { DAY } from '../../lib/clock.js';
import { findProducts } from '../products/product-shape.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { type Drop, findDrops } from './price-drops.js';
import { unsubscribeToken } from './unsubscribe-token.js';

/** A drop is news for a week: the home strip shows that long, a first digest looks back that far. */
export const DROP_WINDOW_MS = 7 * DAY;
export const digestSubject = 'Price drops on your favourites';

export function verdictLabel(drop: Pick<Drop, 'dealRating' | 'priorPrice' | 'newPrice'>): string {
  switch (drop.dealRating) {
    case 'great':
      return 'Great price';
    case 'genuine':
      return drop.priorPrice === null
        ? 'Real saving'
        : `Real saving ${formatMoney(drop.priorPrice - drop.newPrice)}`;
    case 'usual':
      return 'Usual price';
    case 'none':
      return 'No real saving';
    default:
      return 'Lower price';
  }
}

/** The favourites of a workspace that dropped at its stores after `since`. */
export async function workspaceDrops(ctx: AppContext, workspaceId: number, since: number, now: number) {
  const [favourites, storeIds] = await Promise.all([
    ctx.db.selectFrom('favourites').select('product_id').where('workspace_id', '=', workspaceId).execute(),
    workspaceStoreIds(ctx.db, workspaceId),
  ]);
  const productIds = favourites.map((f) => f.product_id);
  return findDrops(ctx.db, ctx.dialect, productIds, storeIds, since, now);
}

/** Sends every digest that is due now; returns how many e-mails went out. */
export async function sendDueAlerts(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const users = await ctx.db
    .selectFrom('users')
    .leftJoin('price_alert_state as state', 'state.user_id', 'users.id')
    .select(['users.id', 'users.email', 'state.last_sent_at', 'state.checked_to'])
    .where('users.price_alerts', '=', 1)
    .where((eb) => eb.or([eb('state.last_sent_at', 'is', null), eb('state.last_sent_at', '<=', now - DAY)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members as m')
          .innerJoin('favourites as f', 'f.workspace_id', 'm.workspace_id')
          .select('f.id')
          .whereRef('m.user_id', '=', 'users.id'),
      ),
    )
    .execute();
  let sent = 0;
  for (const user of users) {
    const since = Math.max(user.checked_to ?? 0, now - DROP_WINDOW_MS);
    const memberships = await ctx.db
      .selectFrom('workspace_members')
      .select('workspace_id')
      .where('user_id', '=', user.id)
      .execute();
    const seen = new Set<string>();
    const drops: Drop[] = [];
    for (const { workspace_id } of memberships) {
      for (const drop of await workspaceDrops(ctx, workspace_id, since, now)) {
        const key = `${drop.storeId}:${drop.productId}`;
        if (!seen.has(key)) drops.push(drop);
        seen.add(key);
      }
    }
    await ctx.db
      .insertInto('price_alert_state')
      .values({ user_id: user.id, last_sent_at: null, checked_to: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    if (drops.length === 0) {
      await ctx.db
        .updateTable('price_alert_state')
        .set({ checked_to: now })
        .where('user_id', '=', user.id)
        .execute();
      continue;
    }
    // Claim today's digest first, so two processes sending at once cannot both send it.
    const claimed = await ctx.db
      .updateTable('price_alert_state')
      .set({ last_sent_at: now, checked_to: now })
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', now - DAY)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await ctx.mailer.send({
        to: user.email,
        subject: digestSubject,
        text: await digestText(ctx, user.id, drops),
      });
      sent++;
    } catch (error) {
      // Not sent: give the digest back so the next run tries again.
      await ctx.db
        .updateTable('price_alert_state')
        .set({ last_sent_at: user.last_sent_at ?? null, checked_to: user.checked_to ?? 0 })
        .where('user_id', '=', user.id)
        .execute();
      throw error;
    }
  }
  return sent;
}

async function digestText(ctx: AppContext, userId: number, drops: Drop[]): Promise<string> {
  const products = new Map(
    (await findProducts(ctx.db, [...new Set(drops.map((d) => d.productId))], [])).map((p) => [p.id, p]),
  );
  const stores = new Map(
    (
      await ctx.db
        .selectFrom('stores')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(drops.map((d) => d.storeId))])
        .execute()
    ).map((s) => [s.id, s.name]),
  );
  const lines = drops.map((d) => {
    const p = products.get(d.productId);
    const name = [p?.brand, p?.name, p?.displayUnits].filter(Boolean).join(' ');
    return `- ${name} at ${stores.get(d.storeId) ?? 'your store'}: ${formatMoney(d.oldPrice)} → ${formatMoney(d.newPrice)} (${verdictLabel(d)})`;
  });
  const link = `${ctx.config.publicUrl}/api/alerts/unsubscribe?token=${unsubscribeToken(ctx.secret, userId)}`;
  return [
    'Prices dropped on your favourites at your stores:',
    '',
    ...lines,
    '',
    'Open Kete to see the price history of each.',
    '',
    `Stop these e-mails (one click, no sign-in): ${link}`,
  ].join('\n');
}
