// The demo's past weeks at every store, written straight into price_history: what `npm run bench`
// adds to the NZ-size catalogue it ingests (the app's own demo writes a store's weeks when the store
// is first chosen: demo-store-load.ts). The ~5M change points of the eleven weeks would take the
// ingest minutes (it parses, resolves and compares every line), while here they are generated
// already as change points and appended in key order.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { Sql } from '../../ingest/raw-sql.js';
import { markVerdictsPending } from '../../products/verdict-store.js';
import { DEMO_WEEKS, type DemoStore, demoState, stocks, weekTime } from './demo-prices.js';
import type { DemoProduct } from './demo-products.js';

type Value = number | null;
const COLUMNS = 8;
const ROWS_PER_STATEMENT = 1000;
const ROWS_PER_TRANSACTION = 100_000;

/** Appends the change points of weeks 0 .. DEMO_WEEKS - 2; returns how many rows it wrote. */
export async function writeDemoHistory(
  db: Kysely<DB>,
  dialect: Dialect,
  products: DemoProduct[],
  stores: DemoStore[],
  options: { now: number; stockShare: number },
): Promise<number> {
  const byBarcode = new Map(
    (await db.selectFrom('product_barcodes').select(['barcode', 'product_id']).execute()).map((r) => [
      r.barcode,
      r.product_id,
    ]),
  );
  const ordered = products
    .map((p) => ({ p, id: byBarcode.get(p.barcode) }))
    .filter((e): e is { p: DemoProduct; id: number } => e.id !== undefined)
    .sort((a, b) => a.id - b.id);
  const sortedStores = [...stores].sort((a, b) => a.seed - b.seed);
  const times = Array.from({ length: DEMO_WEEKS }, (_, week) => weekTime(options.now, week));

  let pending: Value[] = [];
  let written = 0;
  let inTransaction: Value[][] = [];
  const flushStatement = () => {
    if (pending.length) inTransaction.push(pending);
    pending = [];
  };
  const flushTransaction = async () => {
    flushStatement();
    const statements = inTransaction;
    inTransaction = [];
    if (statements.length === 0) return;
    await db.transaction().execute(async (trx) => {
      for (const values of statements) {
        const q = new Sql(dialect);
        const rows: string[] = [];
        for (let i = 0; i < values.length; i += COLUMNS) rows.push(q.row(values.slice(i, i + COLUMNS)));
        await q.run(
          trx,
          `insert into price_history (product_id, store_id, observed_at, price, base_price, promotion_type,
             multibuy_quantity, multibuy_price) values ${rows.join(',')} on conflict do nothing`,
        );
      }
    });
  };

  for (const { p, id } of ordered) {
    for (const s of sortedStores) {
      if (!stocks(p, s, options.stockShare)) continue;
      let previous = '';
      for (let week = 0; week < DEMO_WEEKS - 1; week++) {
        const state = demoState(p, s, week);
        const signature = `${state.price}:${state.basePrice}:${state.promotionType}:${state.multibuy?.price}`;
        if (signature === previous) continue;
        previous = signature;
        pending.push(
          id,
          s.seed,
          times[week] as number,
          state.price,
          state.basePrice,
          state.promotionType,
          state.multibuy?.quantity ?? null,
          state.multibuy?.price ?? null,
        );
        written++;
        if (pending.length === ROWS_PER_STATEMENT * COLUMNS) flushStatement();
        if (written % ROWS_PER_TRANSACTION === 0) await flushTransaction();
      }
    }
  }
  await flushTransaction();
  // Millions of rows the ingest's ANALYZE did not see: PostgreSQL's planner learns of them now.
  if (dialect === 'postgres') await sql`analyze price_history`.execute(db);
  // History written past the ingest: the stored verdicts of these products (and any between their
  // ids) no longer hold; the server's keeper stores them again (verdict-keeper.ts).
  const first = ordered[0]?.id;
  const last = ordered.at(-1)?.id;
  if (first !== undefined && last !== undefined)
    await db
      .deleteFrom('price_verdicts')
      .where('product_id', '>=', first)
      .where('product_id', '<=', last)
      .execute();
  await markVerdictsPending(db, options.now);
  return written;
}
