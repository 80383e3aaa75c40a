// The products and their search index, held in each server process. Products change only with an
// ingest, yet every search, cart, list and favourites answer read their rows (and a new search
// ranked its matches in the database): at NZ scale those reads were most of a new search's time
// (decision 0011). 30,000 products take ~15 MB here.
//
// Kept fresh the way the other catalogue caches are: when this process forgets its catalogue
// caches (an ingest in any process of this server, announced on the process bus, or the
// catalogue's version moved by another program, lib/catalogue-version.ts), the next use checks the
// products table's signature (count, highest id, latest update: one small query) and rebuilds if
// it moved; price-only changes keep the snapshot. A product the snapshot does not hold yet is read
// from the database by its callers (findProducts), so nothing added is ever missing from a list.
import { type Kysely, sql } from 'kysely';
import { type Dialect, dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { catalogueGeneration } from '../../lib/catalogue-cache.js';
import { watchCatalogueVersion } from '../../lib/catalogue-version.js';
import { chunks } from '../../lib/chunks.js';
import { type ProductShapeRow, productShapeColumns } from './product-shape.js';
import { MemorySearchIndex, type SearchDocument } from './search/memory-index.js';

export interface CatalogueSnapshot {
  products: Map<number, ProductShapeRow>;
  index: MemorySearchIndex;
}

interface Held {
  snapshot: CatalogueSnapshot;
  signature: string;
  generation: number;
}

interface State {
  held?: Held;
  /** The check or rebuild under way: callers at the same moment share it. */
  pending?: Promise<CatalogueSnapshot>;
}

const states = new WeakMap<Kysely<DB>, State>();

/** The current snapshot of this database's products (built on first use). */
export function catalogueSnapshot(db: Kysely<DB>, dialect: Dialect): Promise<CatalogueSnapshot> {
  let state = states.get(db);
  if (!state) {
    state = {};
    states.set(db, state);
  }
  watchCatalogueVersion(db);
  const { held } = state;
  if (held && held.generation === catalogueGeneration()) return Promise.resolve(held.snapshot);
  const current = state;
  current.pending ??= refresh(db, dialect, current).finally(() => {
    current.pending = undefined;
  });
  return current.pending;
}

async function refresh(db: Kysely<DB>, dialect: Dialect, state: State): Promise<CatalogueSnapshot> {
  const generation = catalogueGeneration();
  const signature = await productsSignature(db);
  if (state.held && state.held.signature === signature) {
    state.held.generation = generation;
    return state.held.snapshot;
  }
  const snapshot = await buildSnapshot(db, dialect);
  state.held = { snapshot, signature, generation };
  return snapshot;
}

/** Changes whenever a product is added, changed (the ingest sets updated_at) or withdrawn. */
async function productsSignature(db: Kysely<DB>): Promise<string> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.max('id').as('lastId'),
      eb.fn.max('updated_at').as('updated'),
      eb.fn.count<number>('withdrawn_at').as('withdrawn'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.count}|${row.lastId}|${row.updated}|${row.withdrawn}`;
}

async function buildSnapshot(db: Kysely<DB>, dialect: Dialect): Promise<CatalogueSnapshot> {
  const [rows, documents] = await Promise.all([
    db
      .selectFrom('products')
      .select([...productShapeColumns, 'withdrawn_at'])
      .execute(),
    searchDocuments(db, dialect),
  ]);
  const products = new Map<number, ProductShapeRow>();
  const withdrawn = new Set<number>();
  for (const { withdrawn_at, ...row } of rows) {
    products.set(row.id, row);
    if (withdrawn_at !== null) withdrawn.add(row.id);
  }
  const index = new MemorySearchIndex(documents, (id) => {
    const row = products.get(id);
    return row && { nameLength: row.name.length, withdrawn: withdrawn.has(id) };
  });
  return { products, index };
}

/**
 * The search documents the ingest stored (search-index.ts): FTS5 keeps their text; PostgreSQL a
 * tsvector, whose text form lists each token with its positions, weight A (title) or B (extra).
 */
async function searchDocuments(db: Kysely<DB>, dialect: Dialect): Promise<SearchDocument[]> {
  if (dialect === 'sqlite') {
    const rows = await sql<SearchDocument>`select rowid as id, title, extra from product_search`.execute(db);
    return rows.rows;
  }
  const rows = await sql<{ id: number; document: string }>`
    select product_id as id, document::text as document from product_search`.execute(db);
  return rows.rows.map((row) => ({ id: row.id, ...fromTsvectorText(row.document) }));
}

/** `'bix':2A 'weet':1A,3B` -> title "bix weet", extra "weet" (one token per position). */
export function fromTsvectorText(text: string): { title: string; extra: string } {
  const title: string[] = [];
  const extra: string[] = [];
  // Tokens are [a-z0-9]+ (search-text.ts), so they never hold a quote.
  for (const match of text.matchAll(/'([^']*)'(?::([0-9A-D,]+))?/g)) {
    const token = match[1] as string;
    for (const position of (match[2] ?? '1D').split(',')) {
      (position.endsWith('A') ? title : extra).push(token);
    }
  }
  return { title: title.join(' '), extra: extra.join(' ') };
}

/**
 * The products' rows (the Product shape's columns) from this process's snapshot; any it does not
 * hold yet (added since, by another program) are read from the database.
 */
export async function heldProductRows(
  db: Kysely<DB>,
  productIds: readonly number[],
): Promise<Map<number, ProductShapeRow>> {
  const { products } = await catalogueSnapshot(db, dialectOf(db));
  const rows = new Map<number, ProductShapeRow>();
  const missing: number[] = [];
  for (const id of productIds) {
    const row = products.get(id);
    if (row) rows.set(id, row);
    else missing.push(id);
  }
  for (const ids of chunks(missing)) {
    const read = await db.selectFrom('products').select(productShapeColumns).where('id', 'in', ids).execute();
    for (const row of read) rows.set(row.id, row);
  }
  return rows;
}

/** One product's row (a route's existence check, a live event's product name). */
export async function heldProductRow(db: Kysely<DB>, id: number): Promise<ProductShapeRow | undefined> {
  return (await heldProductRows(db, [id])).get(id);
}
