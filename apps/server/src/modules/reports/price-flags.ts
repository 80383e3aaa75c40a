// Which current prices shoppers' reports take out of use (issue 33 item 5, issue 44, decision 0020
// and 0023):
// - reported: open reports of kind 'price' or 'unavailable' from REPORTING_PEOPLE or more people
//   (distinct users, not workspaces: one person in two workspaces is one person) made after the
//   price's last confirmation (prices.observed_at), each by someone who, when reporting, had been a
//   member for REPORTER_STORE_DAYS of a workspace that had chosen that store as long. Anyone else's
//   reports are kept for the operator and hide nothing, so fresh accounts cannot hide prices.
//   Shown with 'Reported by shoppers'; left out of the cheapest split and the plan.
// - hidden: an operator resolved a report with --hide-price after the price's last confirmation.
//   Left out of every answer until a feed confirms the price again (or `--restore`).
// A feed that lists the price again moves observed_at past the reports, so both end by themselves.
import { FLAGGING_KINDS, REPORTER_STORE_DAYS, REPORTING_PEOPLE } from '@kete/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { announceCatalogueChanged } from '../../lib/catalogue-cache.js';
import { moveCatalogueVersion } from '../../lib/catalogue-version.js';
import { DAY } from '../../lib/clock.js';

const kinds = sql.join(FLAGGING_KINDS.map((k) => sql.lit(k)));
const settled = sql.lit(REPORTER_STORE_DAYS * DAY);

/** SQL: whether the report aliased `r` was made by someone long settled at its store. */
const bySettledShopper = sql<boolean>`exists (select 1 from workspace_members m
  inner join workspace_stores w on w.workspace_id = m.workspace_id
  where m.user_id = r.user_id and w.store_id = r.store_id
    and m.created_at <= r.created_at - ${settled} and w.created_at <= r.created_at - ${settled})`;

/** SQL (0, 1 or 2: none, reported, hidden) for the `prices` row aliased `p`. */
export function priceFlagSql(p = 'p'): RawBuilder<number> {
  const pp = sql.ref(`${p}.product_id`);
  const ps = sql.ref(`${p}.store_id`);
  const seen = sql.ref(`${p}.observed_at`);
  return sql<number>`case
    when exists (select 1 from price_reports r where r.product_id = ${pp} and r.store_id = ${ps}
      and r.hide_price = 1 and r.resolved_at is not null and r.resolved_at >= ${seen}) then 2
    when (select count(distinct r.user_id) from price_reports r where r.product_id = ${pp}
      and r.store_id = ${ps} and r.resolved_at is null and r.kind in (${kinds})
      and r.created_at > ${seen} and ${bySettledShopper}) >= ${REPORTING_PEOPLE} then 1
    else 0 end`;
}
export const FLAG_NONE = 0;
export const FLAG_REPORTED = 1;
export const FLAG_HIDDEN = 2;

/** The (product, store) pairs among these whose price is reported or hidden, as `${product}:${store}`. */
export async function flaggedPairs(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
): Promise<Set<string>> {
  const flagged = new Set<string>();
  if (productIds.length === 0 || storeIds.length === 0) return flagged;
  // Reports are few: look only at pairs that have any.
  const reported = await db
    .selectFrom('price_reports')
    .select('product_id')
    .distinct()
    .where('product_id', 'in', productIds)
    .where('store_id', 'in', storeIds)
    .execute();
  if (reported.length === 0) return flagged;
  const rows = await db
    .selectFrom('prices as p')
    .select(['p.product_id', 'p.store_id', priceFlagSql('p').as('flag')])
    .where(
      'p.product_id',
      'in',
      reported.map((r) => r.product_id),
    )
    .where('p.store_id', 'in', storeIds)
    .execute();
  for (const row of rows)
    if (Number(row.flag) !== FLAG_NONE) flagged.add(`${row.product_id}:${row.store_id}`);
  return flagged;
}

/** Reports change which prices are answered: every process forgets its priced answers. */
export async function pricesFlagsChanged(db: Kysely<DB>): Promise<void> {
  await moveCatalogueVersion(db);
  announceCatalogueChanged();
}
