// The rows behind stored verdicts (verdict-store.ts): read a few hundred products' history or
// verdicts at a time as one JSON array, and write the verdicts that changed.
import type { DealRating } from '@kete/shared';
import type { Dialect } from '../../db/database.js';
import { type Db, type Param, Sql, sqliteInsert, sqliteRuns } from '../ingest/raw-sql.js';
import type { StoredVerdict } from './verdict-store.js';

export type VerdictTuple = [
  number,
  number,
  number,
  number,
  number | null,
  number | null,
  number | null,
  string | null,
  number,
  number,
];
export const fromVerdictTuple = (r: VerdictTuple): StoredVerdict => ({
  productId: r[0],
  storeId: r[1],
  price: r[2],
  promotionType: r[3],
  priorPrice: r[4],
  usualPrice: r[5],
  lowest365: r[6],
  dealRating: r[7] as DealRating | null,
  validFrom: r[8],
  validUntil: r[9],
});

/** Which products a step reads: a range of ids (a full refresh) or a list. */
export type ProductSet = { from: number; to: number } | number[];

export const HISTORY_COLUMNS =
  'product_id, store_id, observed_at, price, promotion_type, multibuy_quantity, multibuy_price';
export const VERDICT_COLUMNS =
  'product_id, store_id, price, promotion_type, prior_price, usual_price, lowest_365, deal_rating, valid_from, valid_until';

/**
 * Rows of a table for these products in key order, as one JSON array built by the database
 * (decoding a row object each cost three times as much: product-shape.ts). SQLite aggregates in
 * the order of the key range it walks; the check below keeps that from being taken on trust.
 */
export async function tuplesOf<T extends number[] | (number | string | null)[]>(
  db: Db,
  dialect: Dialect,
  table: string,
  columns: string,
  keyColumns: number,
  products: ProductSet,
): Promise<T[]> {
  const q = new Sql(dialect);
  const where = Array.isArray(products)
    ? `product_id ${q.anyOf(products)}`
    : `product_id >= ${q.p(products.from)} and product_id < ${q.p(products.to)}`;
  const key = columns.split(',').slice(0, keyColumns).join(',');
  const ordered = `(select ${columns} from ${table} where ${where} order by ${key}) rows`;
  const [row] =
    dialect === 'sqlite'
      ? await q.run<{ rows: string }>(
          db,
          `select json_group_array(json_array(${columns})) as rows from ${ordered}`,
        )
      : await q.run<{ rows: T[] | null }>(
          db,
          `select json_agg(json_build_array(${columns})) as rows from ${ordered}`,
        );
  const rows = (typeof row?.rows === 'string' ? JSON.parse(row.rows) : (row?.rows ?? [])) as T[];
  if (!inKeyOrder(rows)) rows.sort(byKey);
  return rows;
}

const byKey = (a: (number | string | null)[], b: (number | string | null)[]) =>
  (a[0] as number) - (b[0] as number) ||
  (a[1] as number) - (b[1] as number) ||
  (a[2] as number) - (b[2] as number);
const inKeyOrder = (rows: (number | string | null)[][]) => {
  for (let i = 1; i < rows.length; i++)
    if (byKey(rows[i - 1] as number[], rows[i] as number[]) > 0) return false;
  return true;
};

const VERDICT_UPDATE = `on conflict (product_id, store_id) do update set price = excluded.price,
  promotion_type = excluded.promotion_type, prior_price = excluded.prior_price,
  usual_price = excluded.usual_price, lowest_365 = excluded.lowest_365, deal_rating = excluded.deal_rating,
  valid_from = excluded.valid_from, valid_until = excluded.valid_until`;

const verdictValues = (v: StoredVerdict): Param[] => [
  v.productId,
  v.storeId,
  v.price,
  v.promotionType,
  v.priorPrice,
  v.usualPrice,
  v.lowest365,
  v.dealRating,
  v.validFrom,
  v.validUntil,
];

export async function writeVerdicts(db: Db, dialect: Dialect, verdicts: StoredVerdict[]): Promise<void> {
  if (verdicts.length === 0) return;
  if (dialect === 'postgres') {
    const columns: Param[][] = Array.from({ length: 10 }, () => []);
    for (const v of verdicts) {
      const values = verdictValues(v);
      for (let c = 0; c < values.length; c++) columns[c]?.push(values[c] as Param);
    }
    const q = new Sql(dialect);
    const types = ['int', 'int', 'int', 'int', 'int', 'int', 'int', 'text', 'int', 'int'];
    const arrays = columns.map((values, c) => `${q.p(values)}::${types[c]}[]`).join(',');
    await q.run(
      db,
      `insert into price_verdicts (${VERDICT_COLUMNS}) select * from unnest(${arrays}) ${VERDICT_UPDATE}`,
    );
    return;
  }
  for (const [start, rows] of sqliteRuns(verdicts.length)) {
    const params = verdicts.slice(start, start + rows).flatMap(verdictValues);
    await new Sql(dialect, params).run(
      db,
      sqliteInsert('price_verdicts', VERDICT_COLUMNS, 10, rows, VERDICT_UPDATE),
    );
  }
}

export async function deleteVerdicts(db: Db, dialect: Dialect, verdicts: StoredVerdict[]): Promise<void> {
  for (const v of verdicts) {
    const q = new Sql(dialect);
    await q.run(
      db,
      `delete from price_verdicts where product_id = ${q.p(v.productId)} and store_id = ${q.p(v.storeId)}`,
    );
  }
}
