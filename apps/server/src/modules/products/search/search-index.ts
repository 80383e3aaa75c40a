// The search documents: written to the database by the ingest, one implementation per engine
// (FTS5, tsvector), and ranked in memory from there (memory-index.ts, catalogue-snapshot.ts).
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../../db/database.js';
import type { DB } from '../../../db/schema.js';
import { searchDocument } from './search-text.js';

export interface IndexedProduct {
  id: number;
  name: string;
  brand: string | null;
  displayUnits: string | null;
  category: string | null;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Adds or replaces the search documents of these products. */
export async function indexProducts(db: Db, dialect: Dialect, products: IndexedProduct[]): Promise<void> {
  for (let i = 0; i < products.length; i += 200) {
    const chunk = products.slice(i, i + 200);
    const ids = chunk.map((p) => p.id);
    const docs = chunk.map((p) => ({ id: p.id, ...searchDocument(p) }));
    if (dialect === 'sqlite') {
      await sql`delete from product_search where rowid in (${sql.join(ids)})`.execute(db);
      const rows = docs.map((d) => sql`(${d.id}, ${d.title}, ${d.extra})`);
      await sql`insert into product_search (rowid, title, extra) values ${sql.join(rows)}`.execute(db);
    } else {
      const rows = docs.map(
        (d) =>
          sql`(${d.id}, setweight(to_tsvector('simple', ${d.title}), 'A') || setweight(to_tsvector('simple', ${d.extra}), 'B'))`,
      );
      await sql`insert into product_search (product_id, document) values ${sql.join(rows)}
        on conflict (product_id) do update set document = excluded.document`.execute(db);
    }
  }
}
