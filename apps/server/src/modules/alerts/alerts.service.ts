// Price-drop digests (issue 12): after an ingest changed prices (or on `kete alerts:send`), each
// member with alerts on whose workspaces' favourites dropped at the workspaces' stores gets one
// e-mail listing them, never more than one a day.
import { formatMoney, type SizeChange, sizeChangeText } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { DAY } from '../../lib/clock.js';
import { digestByPush } from '../household/push/drop-pushes.js';
import { findProducts } from '../products/product-shape.js';
import { productsShrankSince } from '../reports/size-changes.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { isRecipientRefusal, MailServerUnavailable, mailErrorText, retryDelayMs } from './alert-delivery.js';
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
    case 'unknown':
      return 'New to Kete';
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

/** Favourites of a workspace, priced at its stores, whose pack got smaller after `since` (issue 33 item 7). */
export async function workspaceShrank(ctx: AppContext, workspaceId: number, since: number, now: number) {
  const [favourites, storeIds] = await Promise.all([
    ctx.db.selectFrom('favourites').select('product_id').where('workspace_id', '=', workspaceId).execute(),
    workspaceStoreIds(ctx.db, workspaceId),
  ]);
  const shrank = await productsShrankSince(ctx.db, since + 1, {
    productIds: favourites.map((f) => f.product_id),
    storeIds,
  });
  for (const [id, change] of shrank) if (change.at > now) shrank.delete(id);
  return shrank;
}

/** A favourite whose pack got smaller: the digest lists it as 'Shrank'. */
export interface Shrink {
  productId: number;
  change: SizeChange;
}

/** A digest the recipient's mail server refused: tried again from `retryAt`. */
export interface Refusal {
  email: string;
  error: string;
  /** Refusals in a row, this one included. */
  failures: number;
  retryAt: number;
}

export interface AlertRun {
  sent: number;
  refused: Refusal[];
}

/**
 * Sends every digest that is due now. A digest a recipient's server refuses is recorded and tried
 * again after a back-off (alert-delivery.ts); the others are sent regardless. Throws
 * MailServerUnavailable when the mail server cannot be reached at all.
 */
export async function sendDueAlerts(ctx: AppContext): Promise<AlertRun> {
  const now = ctx.clock.now();
  const users = await ctx.db
    .selectFrom('users')
    .leftJoin('price_alert_state as state', 'state.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'state.last_sent_at',
      'state.checked_to',
      'state.failures',
      'state.last_error',
    ])
    .where('users.price_alerts', '=', 1)
    .where((eb) => eb.or([eb('state.last_sent_at', 'is', null), eb('state.last_sent_at', '<=', now - DAY)]))
    .where((eb) => eb.or([eb('state.retry_at', 'is', null), eb('state.retry_at', '<=', now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members as m')
          .innerJoin('favourites as f', 'f.workspace_id', 'm.workspace_id')
          .select('f.id')
          .whereRef('m.user_id', '=', 'users.id'),
      ),
    )
    .orderBy('users.id')
    .execute();
  const run: AlertRun = { sent: 0, refused: [] };
  for (const user of users) {
    const since = Math.max(user.checked_to ?? 0, now - DROP_WINDOW_MS);
    const memberships = await ctx.db
      .selectFrom('workspace_members')
      .select('workspace_id')
      .where('user_id', '=', user.id)
      .execute();
    const seen = new Set<string>();
    const drops: Drop[] = [];
    const shrinks = new Map<number, Shrink>();
    for (const { workspace_id } of memberships) {
      for (const drop of await workspaceDrops(ctx, workspace_id, since, now)) {
        const key = `${drop.storeId}:${drop.productId}`;
        if (!seen.has(key)) drops.push(drop);
        seen.add(key);
      }
      for (const [productId, change] of await workspaceShrank(ctx, workspace_id, since, now))
        shrinks.set(productId, { productId, change });
    }
    await ctx.db
      .insertInto('price_alert_state')
      .values({ user_id: user.id, last_sent_at: null, checked_to: 0, failures: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    if (drops.length === 0 && shrinks.size === 0) {
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
      .set({ last_sent_at: now, checked_to: now, failures: 0, retry_at: null, last_error: null })
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', now - DAY)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      // A member who takes price drops by push gets the digest there instead (issue 35).
      // (The push digest words price drops only: a digest of shrinks alone goes by e-mail.)
      if (drops.length === 0 || !(await digestByPush(ctx, user.id, drops))) {
        await ctx.mailer.send({
          to: user.email,
          subject: digestSubject,
          ...(await digest(ctx, user.id, drops, [...shrinks.values()])),
        });
      }
      run.sent++;
    } catch (error) {
      // Not sent: give the digest back, so a later run sends it with any drops since.
      const refused = isRecipientRefusal(error);
      const failures = (user.failures ?? 0) + (refused ? 1 : 0);
      const retryAt = now + retryDelayMs(failures);
      await ctx.db
        .updateTable('price_alert_state')
        .set({
          last_sent_at: user.last_sent_at ?? null,
          checked_to: user.checked_to ?? 0,
          failures,
          retry_at: refused ? retryAt : null,
          last_error: refused ? mailErrorText(error) : (user.last_error ?? null),
        })
        .where('user_id', '=', user.id)
        .execute();
      if (!refused) {
        throw new MailServerUnavailable(
          `No e-mail could be sent (${mailErrorText(error)}). ${run.sent} price-drop e-mail${run.sent === 1 ? ' was' : 's were'} sent before it; the rest will be sent on the next run.`,
          { cause: error },
        );
      }
      run.refused.push({ email: user.email, error: mailErrorText(error), failures, retryAt });
    }
  }
  return run;
}

/**
 * The digest's text and headers. Mail programs show an unsubscribe button for List-Unsubscribe,
 * and with List-Unsubscribe-Post (RFC 8058) they POST to it in one click; the link in the text
 * opens a page whose button POSTs the same, so a mail scanner following links unsubscribes no one.
 */
async function digest(ctx: AppContext, userId: number, drops: Drop[], shrinks: Shrink[]) {
  const link = `${ctx.config.publicUrl}/api/alerts/unsubscribe?token=${unsubscribeToken(ctx.secret, userId)}`;
  return {
    text: await digestText(ctx, drops, shrinks, link),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

async function digestText(ctx: AppContext, drops: Drop[], shrinks: Shrink[], link: string): Promise<string> {
  const ids = new Set([...drops.map((d) => d.productId), ...shrinks.map((s) => s.productId)]);
  const products = new Map((await findProducts(ctx.db, [...ids], [])).map((p) => [p.id, p]));
  const storeIds = [...new Set(drops.map((d) => d.storeId))];
  const stores = new Map(
    (storeIds.length === 0
      ? []
      : await ctx.db.selectFrom('stores').select(['id', 'name']).where('id', 'in', storeIds).execute()
    ).map((s) => [s.id, s.name]),
  );
  const lines = drops.map((d) => {
    const p = products.get(d.productId);
    const name = [p?.brand, p?.name, p?.displayUnits].filter(Boolean).join(' ');
    return `- ${name} at ${stores.get(d.storeId) ?? 'your store'}: ${formatMoney(d.oldPrice)} → ${formatMoney(d.newPrice)} (${verdictLabel(d)})`;
  });
  // Favourites whose pack got smaller (issue 33 item 7).
  const shrank = shrinks.map((s) => {
    const p = products.get(s.productId);
    const name = [p?.brand, p?.name].filter(Boolean).join(' ');
    return `- ${name}: Shrank. ${sizeChangeText(s.change)}`;
  });
  return [
    ...(lines.length > 0 ? ['Prices dropped on your favourites at your stores:', '', ...lines, ''] : []),
    ...(shrank.length > 0 ? ['Smaller packs among your favourites:', '', ...shrank, ''] : []),
    'Open Kete to see the price history of each.',
    '',
    `Stop these e-mails (no sign-in needed): ${link}`,
  ].join('\n');
}
