// 'Wait' kept, then the special starts (issue 46): when the shopping list shows 'wait' for an item
// at a store, that is remembered (outlook_waits); after a feed, each remembered wait whose special
// has started, with the item still on the list, is told once to each member with price alerts on:
// by push where the member takes price drops by push, else by e-mail. A wait for an item no longer
// on the list is forgotten.
import { formatMoney, isPromotion } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { unsubscribeToken } from '../alerts/unsubscribe-token.js';
import { pushService } from '../household/push/push.service.js';
import { findProducts } from '../products/product-shape.js';

export const specialStartedSubject = 'On special now: an item you waited for';

/** Remembers the list's 'wait' items of a workspace (an item already remembered stays as it was). */
export async function rememberWaits(
  ctx: AppContext,
  workspaceId: number,
  waits: { productId: number; storeId: number }[],
): Promise<void> {
  if (waits.length === 0) return;
  const onList = new Set(
    (
      await ctx.db
        .selectFrom('cart_items')
        .select('product_id')
        .where('workspace_id', '=', workspaceId)
        .where(
          'product_id',
          'in',
          waits.map((w) => w.productId),
        )
        .execute()
    ).map((r) => r.product_id),
  );
  // Most list loads find their waits remembered already: only new ones are written.
  const known = new Set(
    (
      await ctx.db
        .selectFrom('outlook_waits')
        .select(['product_id', 'store_id'])
        .where('workspace_id', '=', workspaceId)
        .execute()
    ).map((r) => `${r.product_id}:${r.store_id}`),
  );
  const now = ctx.clock.now();
  const rows = waits
    .filter((w) => onList.has(w.productId) && !known.has(`${w.productId}:${w.storeId}`))
    .map((w) => ({
      workspace_id: workspaceId,
      product_id: w.productId,
      store_id: w.storeId,
      created_at: now,
    }));
  if (rows.length === 0) return;
  await ctx.db
    .insertInto('outlook_waits')
    .values(rows)
    .onConflict((oc) => oc.columns(['workspace_id', 'product_id', 'store_id']).doNothing())
    .execute();
}

interface Started {
  workspace_id: number;
  product_id: number;
  store_id: number;
  price: number;
  base_price: number;
  store_name: string;
}

/** After a feed: tells every remembered wait whose special started. Answers how many were told. */
export async function tellStartedSpecials(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  await db
    .deleteFrom('outlook_waits')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cart_items as c')
            .select('c.product_id')
            .whereRef('c.workspace_id', '=', 'outlook_waits.workspace_id')
            .whereRef('c.product_id', '=', 'outlook_waits.product_id'),
        ),
      ),
    )
    .execute();
  const started: Started[] = (
    await db
      .selectFrom('outlook_waits as w')
      .innerJoin('prices as p', (j) =>
        j.onRef('p.store_id', '=', 'w.store_id').onRef('p.product_id', '=', 'w.product_id'),
      )
      .innerJoin('stores as s', 's.id', 'w.store_id')
      .select([
        'w.workspace_id',
        'w.product_id',
        'w.store_id',
        'p.price',
        'p.base_price',
        'p.promotion_type',
        's.name as store_name',
      ])
      .where('w.told_at', 'is', null)
      .execute()
  ).filter((r) => isPromotion(r.promotion_type));
  let told = 0;
  for (const s of started) {
    // Claimed first, so two processes after one feed do not both tell it.
    const claimed = await db
      .updateTable('outlook_waits')
      .set({ told_at: ctx.clock.now() })
      .where('workspace_id', '=', s.workspace_id)
      .where('product_id', '=', s.product_id)
      .where('store_id', '=', s.store_id)
      .where('told_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    await tellMembers(ctx, s);
    told++;
  }
  return told;
}

async function tellMembers(ctx: AppContext, s: Started): Promise<void> {
  const [product] = await findProducts(ctx.db, [s.product_id], []);
  const name = [product?.brand, product?.name, product?.displayUnits].filter(Boolean).join(' ') || 'An item';
  const line = `${name} is on special at ${s.store_name}: ${formatMoney(s.price)}${s.base_price > s.price ? ` (usually ${formatMoney(s.base_price)})` : ''}.`;
  const members = await ctx.db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.email'])
    .where('m.workspace_id', '=', s.workspace_id)
    .where('u.price_alerts', '=', 1)
    .execute();
  const push = pushService(ctx);
  for (const member of members) {
    const devices = (await push.dropDevices(member.id, 'instant')).concat(
      await push.dropDevices(member.id, 'daily'),
    );
    if (devices.length > 0) {
      await push.specialStarted(devices, line, s.workspace_id);
      continue;
    }
    const link = `${ctx.config.publicUrl}/api/alerts/unsubscribe?token=${unsubscribeToken(ctx.secret, member.id)}`;
    await ctx.mailer.send({
      to: member.email,
      subject: specialStartedSubject,
      text: [
        line,
        '',
        'Your shopping list said to wait for this one. Open Kete to see the prices.',
        '',
        `Stop these e-mails (no sign-in needed): ${link}`,
      ].join('\n'),
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
