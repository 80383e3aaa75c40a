// The shopping list's GET answer, kept as UTF-8 JSON per process. A 60-item list at 6 stores is
// an 85 KB answer: building its products and writing them out cost most of the request, and the
// same list is read again and again (each phone of the household opens it, and reads it again
// after every change another phone makes). The key is everything the answer is made of, read
// afresh on every request: the list's rows (so a change by any process or program is seen at
// once), the stores, the day (verdicts), and the priced pairs' generation; the catalogue cache
// forgets every answer when the catalogue changes. Nothing here can show a list other than the
// one in the database.
import { type CartItem, DAY_MS, ZCart } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import { compiledStatement } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';
import { answerCache, storeSetKey } from '../../lib/answer-cache.js';
import { serializerFor } from '../../plugins/response-serializer.js';
import { pricedPairsGeneration } from '../products/price-cache.js';

export interface CartRow {
  product_id: number;
  quantity_units: number;
  any_brand: number;
  excluded_alternatives: string;
}

/** Answers of about 85 KB, kept as bytes (lib/answer-cache.ts). */
const MAX_ANSWERS = 1_000;

export const writeCart: (items: CartItem[]) => string = serializerFor(ZCart);

/** The list as the answer's key spells it: each row's product, quantity and settings, in order. */
export const listKeyOf = (rows: CartRow[]) =>
  rows.map((r) => `${r.product_id}:${r.quantity_units}:${r.any_brand}:${r.excluded_alternatives}`).join(';');

/**
 * PostgreSQL: the same spelling, made by the database: one row of one text instead of a row per
 * item for the driver to parse, when most reads need only the key (the answer is kept). Measured
 * on a 60-item list: 45-56 µs of the worker's CPU a read against 96-130 µs for the rows.
 */
export const listKeyInDatabase = compiledStatement((db, workspaceId: number) =>
  db
    .selectFrom('cart_items')
    .select(
      sql<string>`coalesce(string_agg(product_id || ':' || quantity_units || ':' || any_brand || ':' ||
          excluded_alternatives, ';' order by created_at, product_id), '')`.as('list'),
    )
    .where('workspace_id', '=', workspaceId),
);

/** `list`: listKeyOf the rows `compute` answers from. */
export function cartAnswer(
  db: Kysely<DB>,
  list: string,
  storeIds: number[],
  compute: () => Promise<string>,
): Promise<Buffer> {
  const key = `${Math.floor(Date.now() / DAY_MS)}|${pricedPairsGeneration()}|${storeSetKey(storeIds)}|${list}`;
  return answerCache(db, 'cart-answers', MAX_ANSWERS).get(key, compute);
}
