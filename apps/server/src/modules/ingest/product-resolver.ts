// Turns a feed line's (chain, product key, barcode) into our product id, creating the product
// the first time: the same barcode from any chain is the same product, so prices compare across
// chains; without a barcode the chain's own key identifies it.
//
// Decisions are made in memory, line by line, exactly as if each write went to the database at
// once; the writes themselves wait for `commit()` at the end of the batch and go as a few
// multi-row statements (a new product is known by a provisional negative id until then).
import { kindKey, packSizeChanged, StoreType } from '@kete/shared';
import type { Dialect } from '../../db/database.js';
import type { IndexedProduct } from '../products/search/search-index.js';
import { type SizeChangeRow, writeSizeChanges } from '../reports/size-changes.js';
import { type CatalogueState, type ProductDetails, sourceKey, storeKey } from './catalogue-state.js';
import type { PriceObservation } from './feed-line.js';
import { type Db, type Param, Sql, sqliteInsert, sqliteRuns } from './raw-sql.js';

const foodstuffsSibling: Partial<Record<number, StoreType>> = {
  [StoreType.NewWorld]: StoreType.PakNSave,
  [StoreType.PakNSave]: StoreType.NewWorld,
};

export interface ResolveResult {
  /** Negative: a product created in this batch, known by its real id after `commit()`. */
  productId: number;
  created: boolean;
}

const detailsOf = (o: PriceObservation, primaryChain: number): ProductDetails => ({
  name: o.name,
  brand: o.brand,
  displayUnits: o.size,
  saleType: o.saleType,
  minimumQuantity: o.minimumQuantity,
  minimumIncrement: o.minimumIncrement,
  imageUrl: o.imageUrl,
  category: o.category,
  primaryChain,
});

const sameDetails = (a: ProductDetails, b: ProductDetails) =>
  a.name === b.name &&
  a.brand === b.brand &&
  a.displayUnits === b.displayUnits &&
  a.saleType === b.saleType &&
  a.minimumQuantity === b.minimumQuantity &&
  a.minimumIncrement === b.minimumIncrement &&
  a.imageUrl === b.imageUrl &&
  a.category === b.category;

// kind_key: the kind index of 'Any brand' alternatives (products/product-kinds.migration.ts).
const PRODUCT_COLUMNS = `name, brand, display_units, sale_type, minimum_quantity, minimum_increment, image_url,
  category, created_at, updated_at, kind_key`;
const PRODUCT_COLUMN_COUNT = 11;
const productRow = (d: ProductDetails, now: number): Param[] => [
  d.name,
  d.brand,
  d.displayUnits,
  d.saleType,
  d.minimumQuantity,
  d.minimumIncrement,
  d.imageUrl,
  d.category,
  now,
  now,
  kindKey(d),
];

/** One per ingest run; `batch(trx)` points it at the transaction of the current batch. */
export function productResolver(state: CatalogueState, now: number, dialect: Dialect) {
  let trx: Db | undefined;
  const db = () => {
    if (!trx) throw new Error('productResolver: no batch open');
    return trx;
  };
  /** Products whose search document must be (re)written at the end of the batch. */
  let touched = new Map<number, IndexedProduct>();
  const touch = (id: number, d: ProductDetails) =>
    touched.set(id, { id, name: d.name, brand: d.brand, displayUnits: d.displayUnits, category: d.category });

  // The batch's writes, in the order they were decided.
  let created: { id: number; details: ProductDetails }[] = [];
  let createdIndex = new Map<number, number>();
  let updated = new Map<number, ProductDetails>();
  let sources: { chain: number; productKey: string; productId: number }[] = [];
  let barcodes: { barcode: string; productId: number }[] = [];
  /** Pack sizes a feed changed (issue 33 item 7, shrinkflation), written at commit. */
  let sizeChanges: SizeChangeRow[] = [];
  /** Provisional ids count down from -2 (-1 means "none" in the ingest's id columns). */
  let provisional = -1;

  function addBarcode(barcode: string | null, productId: number) {
    // A barcode belongs to one product: the first product to carry it keeps it.
    if (!barcode || state.barcodes.has(barcode)) return;
    barcodes.push({ barcode, productId });
    state.barcodes.set(barcode, productId);
  }

  function create(o: PriceObservation): number {
    const d = detailsOf(o, o.chain);
    const id = --provisional;
    createdIndex.set(id, created.push({ id, details: d }) - 1);
    state.products.set(id, d);
    touch(id, d);
    return id;
  }

  function refresh(productId: number, o: PriceObservation) {
    const current = state.products.get(productId);
    if (!current) return;
    const primaryChain = Math.min(current.primaryChain, o.chain);
    if (o.chain !== primaryChain) return;
    const next = detailsOf(o, primaryChain);
    if (sameDetails(current, next)) return;
    // The same product in another pack size: the history records it (a product new in this
    // batch has no size to change from).
    if (productId > 0 && packSizeChanged(current.displayUnits, next.displayUnits))
      sizeChanges.push({
        productId,
        at: o.observedAt,
        from: current.displayUnits as string,
        to: next.displayUnits as string,
        storeId: state.stores.get(storeKey(o.chain, o.store)),
        toPrice: o.basePrice,
      });
    // A product created in this batch is written once, as it ends the batch.
    const index = createdIndex.get(productId);
    if (index !== undefined) (created[index] as { details: ProductDetails }).details = next;
    else updated.set(productId, next);
    state.products.set(productId, next);
    touch(productId, next);
  }

  /** Inserts the batch's new products; returns their real ids by provisional id. */
  async function insertProducts(): Promise<Map<number, number>> {
    const real = new Map<number, number>();
    if (created.length === 0) return real;
    // Ids count up in the order rows are inserted (SQLite AUTOINCREMENT under the write lock,
    // PostgreSQL's identity row by row), so sorted ids match the rows in order.
    const assign = (from: number, ids: number[]) => {
      ids.sort((a, b) => a - b);
      for (let k = 0; k < ids.length; k++)
        real.set((created[from + k] as { id: number }).id, ids[k] as number);
    };
    if (dialect === 'postgres') {
      const columns: Param[][] = Array.from({ length: PRODUCT_COLUMN_COUNT }, () => []);
      for (const c of created) {
        const values = productRow(c.details, now);
        for (let k = 0; k < values.length; k++) columns[k]?.push(values[k] as Param);
      }
      const q = new Sql(dialect);
      const types = [
        'text',
        'text',
        'text',
        'int',
        'float8',
        'float8',
        'text',
        'text',
        'bigint',
        'bigint',
        'text',
      ];
      const arrays = columns.map((values, k) => `${q.p(values)}::${types[k]}[]`).join(',');
      const rows = await q.run<{ id: number }>(
        db(),
        `insert into products (${PRODUCT_COLUMNS}) select * from unnest(${arrays}) returning id`,
      );
      assign(
        0,
        rows.map((r) => r.id),
      );
      return real;
    }
    for (const [start, count] of sqliteRuns(created.length)) {
      const params: Param[] = [];
      for (let k = start; k < start + count; k++)
        params.push(...productRow((created[k] as { details: ProductDetails }).details, now));
      const rows = await new Sql(dialect, params).run<{ id: number }>(
        db(),
        sqliteInsert('products', PRODUCT_COLUMNS, PRODUCT_COLUMN_COUNT, count, 'returning id'),
      );
      assign(
        start,
        rows.map((r) => r.id),
      );
    }
    return real;
  }

  /** Lines of one run describe a product the same way many times: look at it once per run. */
  const seenThisRun = new Set<string>();

  return {
    batch(transaction: Db) {
      trx = transaction;
      touched = new Map();
      created = [];
      createdIndex = new Map();
      updated = new Map();
      sources = [];
      barcodes = [];
      sizeChanges = [];
    },
    /** The products created or changed in this batch (after `commit()`: real ids). */
    touchedProducts: () => [...touched.values()],
    /** Resolves a line in memory; its writes wait for `commit()`. */
    resolve(o: PriceObservation): ResolveResult {
      const key = sourceKey(o.chain, o.productKey);
      const known = state.sources.get(key);
      if (known !== undefined) {
        if (!seenThisRun.has(key)) {
          seenThisRun.add(key);
          refresh(known, o);
          addBarcode(o.barcode, known);
        }
        return { productId: known, created: false };
      }
      const byBarcode = o.barcode ? state.barcodes.get(o.barcode) : undefined;
      // New World and Pak'nSave share Foodstuffs product ids: the same id is the same product.
      const sibling = foodstuffsSibling[o.chain];
      const bySibling = sibling ? state.sources.get(sourceKey(sibling, o.productKey)) : undefined;
      const existing = bySibling ?? byBarcode;
      const productId = existing ?? create(o);
      sources.push({ chain: o.chain, productKey: o.productKey, productId });
      state.sources.set(key, productId);
      const details = state.products.get(productId);
      if (details && o.chain < details.primaryChain) refresh(productId, o);
      addBarcode(o.barcode, productId);
      seenThisRun.add(key);
      return { productId, created: existing === undefined };
    },
    /**
     * Writes the batch's products, product keys and barcodes, and replaces the provisional ids in
     * the catalogue state. Returns real ids by provisional id (empty when nothing was created).
     */
    async commit(): Promise<Map<number, number>> {
      const real = await insertProducts();
      const idOf = (id: number) => (id < 0 ? (real.get(id) as number) : id);
      if (real.size > 0) {
        for (const c of created) {
          state.products.delete(c.id);
          state.products.set(idOf(c.id), c.details);
        }
        for (const s of sources) {
          s.productId = idOf(s.productId);
          state.sources.set(sourceKey(s.chain as StoreType, s.productKey), s.productId);
        }
        for (const b of barcodes) {
          b.productId = idOf(b.productId);
          state.barcodes.set(b.barcode, b.productId);
        }
        touched = new Map([...touched.values()].map((p) => [idOf(p.id), { ...p, id: idOf(p.id) }]));
      }
      for (const [id, next] of updated) {
        await db()
          .updateTable('products')
          .set({
            name: next.name,
            brand: next.brand,
            display_units: next.displayUnits,
            sale_type: next.saleType,
            minimum_quantity: next.minimumQuantity,
            minimum_increment: next.minimumIncrement,
            image_url: next.imageUrl,
            category: next.category,
            kind_key: kindKey(next),
            updated_at: now,
          })
          .where('id', '=', id)
          .execute();
      }
      await insertRows(
        'product_sources',
        'chain, product_key, product_id',
        ['int', 'text', 'int'],
        sources.map((s) => [s.chain, s.productKey, s.productId]),
      );
      await insertRows(
        'product_barcodes',
        'barcode, product_id',
        ['text', 'int'],
        barcodes.map((b) => [b.barcode, b.productId]),
      );
      await writeSizeChanges(db(), sizeChanges);
      return real;
    },
  };

  async function insertRows(table: string, columns: string, types: string[], rows: Param[][]) {
    if (rows.length === 0) return;
    if (dialect === 'postgres') {
      const q = new Sql(dialect);
      const arrays = types.map((type, k) => `${q.p(rows.map((r) => r[k] as Param))}::${type}[]`).join(',');
      await q.run(db(), `insert into ${table} (${columns}) select * from unnest(${arrays})`);
      return;
    }
    for (const [start, count] of sqliteRuns(rows.length)) {
      const params: Param[] = [];
      for (let k = start; k < start + count; k++) params.push(...(rows[k] as Param[]));
      await new Sql(dialect, params).run(db(), sqliteInsert(table, columns, types.length, count, ''));
    }
  }
}
