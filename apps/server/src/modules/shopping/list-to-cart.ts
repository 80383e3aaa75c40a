// A named list put on the shopping list (POST /api/{shortCode}/lists/{listId}/cart) as one
// INSERT ... SELECT ... ON CONFLICT on both databases (issue 32, item 9). It was a statement per
// item inside the household's lock: a 500-item list held it for 0.3-1.0 s under load and raised
// other households' write p95 from 60-87 ms to 170-192 ms on PostgreSQL.
//
// Each product goes on at its minimumQuantity (at least one step), added to what is there already
// inside the database (so an add from another phone at the same moment is never overwritten), and
// left as it is where the sum would pass its maximum or fall between its steps (the same rule as
// cart-statements.ts sumFits, read from the product's row). All or nothing: the products not on
// the shopping list yet must fit under its cap, or nothing changes and the answer is the cap's 400.
import { limitMessages, MAX_UNITS, MAX_WEIGHT_KG, toQuantityUnits, workspaceLimits } from '@kete/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { fieldError } from '../../lib/http-error.js';
import { lockWorkspace } from '../limits/workspace-caps.js';

const MAX_WEIGHT_UNITS = toQuantityUnits(MAX_WEIGHT_KG);
const MAX_UNIT_UNITS = toQuantityUnits(MAX_UNITS);

/** A quantity column in whole ten-thousandths (quantity.ts toQuantityUnits), as an integer. */
const unitsOf = (sqlite: boolean, column: RawBuilder<number>) =>
  sqlite
    ? sql<number>`cast(round(${column} * 10000) as integer)`
    : sql<number>`round(${column} * 10000)::bigint`;

/** The larger of two integers (SQLite's two-argument max, PostgreSQL's greatest). */
const larger = (sqlite: boolean, a: RawBuilder<number>, b: number) =>
  sqlite ? sql<number>`max(${a}, ${sql.lit(b)})` : sql<number>`greatest(${a}, ${sql.lit(b)})`;

/**
 * The list's products not on the shopping list yet, and the shopping list's rows: what the cap
 * counts. Read by the statement itself, after the workspace's lock was taken.
 */
const adding = (workspaceId: number, listId: number) => sql<number>`(select count(*) from list_items n
  where n.list_id = ${listId} and not exists (select 1 from cart_items c
    where c.workspace_id = ${workspaceId} and c.product_id = n.product_id))`;
const listed = (workspaceId: number) =>
  sql<number>`(select count(*) from cart_items c where c.workspace_id = ${workspaceId})`;

function addListStatement(db: Kysely<DB>, workspaceId: number, listId: number, now: number) {
  const sqlite = dialectOf(db) === 'sqlite';
  const minimum = (table: string) => unitsOf(sqlite, sql<number>`${sql.ref(`${table}.minimum_quantity`)}`);
  const step = larger(sqlite, unitsOf(sqlite, sql<number>`r.minimum_increment`), 1);
  const sum = sql<number>`(cart_items.quantity_units + excluded.quantity_units)`;
  const room = sql<boolean>`(${adding(workspaceId, listId)} = 0
    or ${listed(workspaceId)} + ${adding(workspaceId, listId)} <= ${workspaceLimits.cartItems})`;
  return sql`insert into cart_items (workspace_id, product_id, quantity_units, created_at, updated_at)
    select cast(${workspaceId} as integer), li.product_id, ${larger(sqlite, minimum('p'), 1)},
      cast(${now} as bigint), cast(${now} as bigint)
    from list_items li join products p on p.id = li.product_id
    where li.list_id = ${listId} and ${room}
    on conflict (workspace_id, product_id) do update
      set quantity_units = ${sum}, updated_at = excluded.updated_at
      where exists (select 1 from products r where r.id = excluded.product_id
        and ${sum} <= case when r.sale_type = 1 then ${sql.lit(MAX_WEIGHT_UNITS)} else ${sql.lit(MAX_UNIT_UNITS)} end
        and (${sum} - ${minimum('r')}) % ${step} = 0)`.execute(db);
}

/** Puts every product of the list on the shopping list (see above); 400 on listId when it is full. */
export async function addListToCart(
  db: Kysely<DB>,
  workspaceId: number,
  listId: number,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // PostgreSQL: after this lock the statement's own snapshot sees every row a phone that held
    // the lock before had written (SQLite's write transaction holds the database's lock already).
    await lockWorkspace(trx, workspaceId);
    const { numAffectedRows } = await addListStatement(trx, workspaceId, listId, now);
    if (Number(numAffectedRows ?? 0) > 0) return;
    // Nothing changed: every product at its maximum already, or no room for the new ones.
    const { rows } = await sql<{
      adding: number;
      listed: number;
    }>`select ${adding(workspaceId, listId)} as adding,
      ${listed(workspaceId)} as listed`.execute(trx);
    const counts = rows[0];
    const more = Number(counts?.adding ?? 0);
    if (more > 0 && Number(counts?.listed ?? 0) + more > workspaceLimits.cartItems)
      throw fieldError('listId', limitMessages.cartItems);
  });
}
