// Turns a feed line's (chain, product key, barcode) into our product id, creating the product
// the first time: the same barcode from any chain is the same product, so prices compare across
// chains; without a barcode the chain's own key identifies it.
import { StoreType } from '@kete/shared';
import type { IndexedProduct } from '../products/search/search-index.js';
import { type CatalogueState, type ProductDetails, sourceKey } from './catalogue-state.js';
import type { PriceObservation } from './feed-line.js';
import type { Db } from './raw-sql.js';

const foodstuffsSibling: Partial<Record<number, StoreType>> = {
  [StoreType.NewWorld]: StoreType.PakNSave,
  [StoreType.PakNSave]: StoreType.NewWorld,
};

export interface ResolveResult {
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

/** One per ingest run; `batch(trx)` points it at the transaction of the current batch. */
export function productResolver(state: CatalogueState, now: number) {
  let trx: Db | undefined;
  const db = () => {
    if (!trx) throw new Error('productResolver: no batch open');
    return trx;
  };
  /** Products whose search document must be (re)written at the end of the batch. */
  let touched = new Map<number, IndexedProduct>();
  const touch = (id: number, d: ProductDetails) =>
    touched.set(id, { id, name: d.name, brand: d.brand, displayUnits: d.displayUnits, category: d.category });

  async function addBarcode(barcode: string | null, productId: number) {
    // A barcode belongs to one product: the first product to carry it keeps it.
    if (!barcode || state.barcodes.has(barcode)) return;
    await db().insertInto('product_barcodes').values({ barcode, product_id: productId }).execute();
    state.barcodes.set(barcode, productId);
  }

  async function create(o: PriceObservation): Promise<number> {
    const d = detailsOf(o, o.chain);
    const row = await db()
      .insertInto('products')
      .values({
        name: d.name,
        brand: d.brand,
        display_units: d.displayUnits,
        sale_type: d.saleType,
        minimum_quantity: d.minimumQuantity,
        minimum_increment: d.minimumIncrement,
        image_url: d.imageUrl,
        category: d.category,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    state.products.set(row.id, d);
    touch(row.id, d);
    return row.id;
  }

  async function refresh(productId: number, o: PriceObservation) {
    const current = state.products.get(productId);
    if (!current) return;
    const primaryChain = Math.min(current.primaryChain, o.chain);
    if (o.chain !== primaryChain) return;
    const next = detailsOf(o, primaryChain);
    if (sameDetails(current, next)) return;
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
        updated_at: now,
      })
      .where('id', '=', productId)
      .execute();
    state.products.set(productId, next);
    touch(productId, next);
  }

  /** Lines of one run describe a product the same way many times: look at it once per run. */
  const seenThisRun = new Set<string>();

  return {
    batch(transaction: Db) {
      trx = transaction;
      touched = new Map();
    },
    /** The products created or changed in this batch. */
    touchedProducts: () => [...touched.values()],
    async resolve(o: PriceObservation): Promise<ResolveResult> {
      const key = sourceKey(o.chain, o.productKey);
      const known = state.sources.get(key);
      if (known !== undefined) {
        if (!seenThisRun.has(key)) {
          seenThisRun.add(key);
          await refresh(known, o);
          await addBarcode(o.barcode, known);
        }
        return { productId: known, created: false };
      }
      const byBarcode = o.barcode ? state.barcodes.get(o.barcode) : undefined;
      // New World and Pak'nSave share Foodstuffs product ids: the same id is the same product.
      const sibling = foodstuffsSibling[o.chain];
      const bySibling = sibling ? state.sources.get(sourceKey(sibling, o.productKey)) : undefined;
      const existing = bySibling ?? byBarcode;
      const productId = existing ?? (await create(o));
      await db()
        .insertInto('product_sources')
        .values({ chain: o.chain, product_key: o.productKey, product_id: productId })
        .execute();
      state.sources.set(key, productId);
      const details = state.products.get(productId);
      if (details && o.chain < details.primaryChain) await refresh(productId, o);
      await addBarcode(o.barcode, productId);
      seenThisRun.add(key);
      return { productId, created: existing === undefined };
    },
  };
}
