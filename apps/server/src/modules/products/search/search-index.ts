// Writing and querying the search index, one implementation per engine behind one interface.
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

/** Product ids matching every term (as prefixes), best first; `any` matches any term instead. */
export async function matchProducts(
  db: Kysely<DB>,
  dialect: Dialect,
  terms: string[],
  options: { any: boolean; limit: number; exclude?: number[] },
): Promise<number[]> {
  if (terms.length === 0) return [];
  const exclude = options.exclude?.length ? options.exclude : [-1];
  if (dialect === 'sqlite') {
    // Terms are [a-z0-9]+ (search-text.ts), so quoting them is all FTS5 needs.
    const match = terms.map((t) => `"${t}"*`).join(options.any ? ' OR ' : ' AND ');
    const rows = await sql<{ id: number }>`
      select s.rowid as id from product_search s
      join products p on p.id = s.rowid
      where product_search match ${match} and p.withdrawn_at is null
        and s.rowid not in (${sql.join(exclude)})
      order by bm25(product_search, 10.0, 4.0), length(p.name), s.rowid
      limit ${options.limit}`.execute(db);
    return rows.rows.map((r) => r.id);
  }
  const query = terms.map((t) => `${t}:*`).join(options.any ? ' | ' : ' & ');
  const rows = await sql<{ id: number }>`
    select s.product_id as id from product_search s
    join products p on p.id = s.product_id
    where s.document @@ to_tsquery('simple', ${query}) and p.withdrawn_at is null
      and s.product_id not in (${sql.join(exclude)})
    order by ts_rank(s.document, to_tsquery('simple', ${query})) desc, length(p.name), s.product_id
    limit ${options.limit}`.execute(db);
  return rows.rows.map((r) => r.id);
}
