// Catalogue tables. Money is integer cents; times are epoch milliseconds.
import type { ColumnType, Generated } from 'kysely';
import type { CatalogueFactsTable, DemoStoreLoadsTable } from '../catalogue/catalogue-facts.js';

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  brand: string | null;
  /** The pack size as shown to shoppers: "2L", "500g", "per kg". */
  display_units: string | null;
  /** 0 sold by unit, 1 sold by weight (spec: Pricing unit kind). */
  sale_type: number;
  minimum_quantity: number;
  minimum_increment: number;
  image_url: string | null;
  category: string | null;
  created_at: number;
  updated_at: number;
  /** Set when the catalogue withdraws a product. Products are never deleted: lists, carts and
   * favourites keep pointing at them. */
  withdrawn_at: number | null;
  /**
   * The product's kind (same-kind.ts kindKey), written by the ingest and indexed: its 'Any brand'
   * alternatives are looked up by it (product-kinds.migration.ts). Optional when writing: a product
   * written without it has no alternatives.
   */
  kind_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** How each chain identifies a product; without a barcode this is what identifies it. */
export interface ProductSourcesTable {
  chain: number;
  product_key: string;
  product_id: number;
}

/** One product can carry several barcodes; a barcode belongs to one product. */
export interface ProductBarcodesTable {
  barcode: string;
  product_id: number;
}

/** The current price of a product at a store: one row while the store lists it. */
export interface PricesTable {
  store_id: number;
  product_id: number;
  price: number;
  base_price: number;
  comparative_price: number | null;
  comparative_measure: string | null;
  promotion_type: number;
  multibuy_quantity: number | null;
  multibuy_price: number | null;
  /** When a feed last reported this price (changes or not). */
  observed_at: number;
}

/** Appended whenever a store's price for a product changes; price null records a delisting.
 * Keyed (product_id, store_id, observed_at). */
export interface PriceHistoryTable {
  store_id: number;
  product_id: number;
  price: number | null;
  base_price: number | null;
  promotion_type: number;
  multibuy_quantity: number | null;
  multibuy_price: number | null;
  observed_at: number;
}

/** A current price's verdict (verdict-store.ts): it holds from day valid_from until the day before
 * valid_until while the prices row still holds `price` and `promotion_type`. Keyed (product_id,
 * store_id). */
export interface PriceVerdictsTable {
  product_id: number;
  store_id: number;
  price: number;
  promotion_type: number;
  prior_price: number | null;
  usual_price: number | null;
  lowest_365: number | null;
  deal_rating: string | null;
  valid_from: number;
  valid_until: number;
}

export interface CatalogueTables {
  products: ProductsTable;
  product_sources: ProductSourcesTable;
  product_barcodes: ProductBarcodesTable;
  prices: PricesTable;
  price_history: PriceHistoryTable;
  price_verdicts: PriceVerdictsTable;
  catalogue_facts: CatalogueFactsTable;
  demo_store_loads: DemoStoreLoadsTable;
}
