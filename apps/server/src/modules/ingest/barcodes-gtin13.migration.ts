// Issue 45, item 4: barcodes written before the ingest normalised them (a feed line's code was kept
// as sent; only the Woolworths adapter normalised) are re-keyed with the same function, toGtin13.
// Two rows can collide after normalising (`036000291452` and `36000291452` are one pack); as the
// ingest's rule "the first product to carry a barcode keeps it", the row already normalised keeps
// the key, else the oldest product (lowest id). The other product loses only that barcode row: it
// keeps its prices and its chain's product key. A code that identifies nothing across stores (a
// wrong check digit, a store's scale code) is dropped, as the ingest now drops it.
import { toGtin13 } from '@kete/shared';
import { type Kysely, type Migration, sql } from 'kysely';

const BATCH = 500;

interface Row {
  barcode: string;
  product_id: number;
}

/** What to delete and what to write, from every barcode row (exported for its unit test). */
export function rekeyBarcodes(rows: readonly Row[]): { remove: string[]; add: Row[] } {
  const owner = new Map<string, number>();
  for (const row of rows) if (toGtin13(row.barcode) === row.barcode) owner.set(row.barcode, row.product_id);
  const remove: string[] = [];
  const add: Row[] = [];
  const moving = rows
    .filter((row) => toGtin13(row.barcode) !== row.barcode)
    .sort((a, b) => a.product_id - b.product_id || a.barcode.localeCompare(b.barcode));
  for (const row of moving) {
    remove.push(row.barcode);
    const key = toGtin13(row.barcode);
    if (key === null || owner.has(key)) continue;
    owner.set(key, row.product_id);
    add.push({ barcode: key, product_id: row.product_id });
  }
  return { remove, add };
}

export const barcodesGtin13Migration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<Row>`select barcode, product_id from product_barcodes`.execute(db);
    const { remove, add } = rekeyBarcodes(
      rows.map((r) => ({ barcode: r.barcode, product_id: Number(r.product_id) })),
    );
    for (let i = 0; i < remove.length; i += BATCH) {
      const codes = remove.slice(i, i + BATCH);
      await sql`delete from product_barcodes where barcode in (${sql.join(codes)})`.execute(db);
    }
    for (let i = 0; i < add.length; i += BATCH) {
      const values = sql.join(add.slice(i, i + BATCH).map((r) => sql`(${r.barcode}, ${r.product_id})`));
      await sql`insert into product_barcodes (barcode, product_id) values ${values}`.execute(db);
    }
  },
};
