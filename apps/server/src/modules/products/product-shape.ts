// Builds the spec's Product shape: a product with its prices at the given stores only, and the
// best and highest of them. Search, product detail, cart, lists and favourites all answer this.
import {
  type DealRating,
  type Price,
  type PriceVerdict,
  type Product,
  parsePackSize,
  trustedPriceRange,
  type UnitPack,
} from '@kete/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { storeSetKey } from '../../lib/answer-cache.js';
import { chunks } from '../../lib/chunks.js';
import { SharedReads } from '../../lib/shared-reads.js';
import { FLAG_HIDDEN, FLAG_REPORTED, priceFlagSql } from '../reports/price-flags.js';
import type { ProductsTable } from './catalogue.schema.js';
import { heldProductRows } from './catalogue-snapshot.js';
import { PricedPairs, pricedPairsGeneration } from './price-cache.js';
import { addVerdicts } from './price-enrichment.js';
import { dayOf } from './verdict-store.js';

/** The products columns the Product shape is built from. */
export const productShapeColumns = [
  'id',
  'name',
  'brand',
  'display_units',
  'sale_type',
  'minimum_quantity',
  'minimum_increment',
  'image_url',
] as const;

export type ProductShapeRow = Pick<Selectable<ProductsTable>, (typeof productShapeColumns)[number]>;

export function toProduct(row: ProductShapeRow, prices: Price[]): Product {
  const range = trustedPriceRange(prices);
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    imageUrl: row.image_url,
    displayUnits: row.display_units,
    saleType: row.sale_type === 1 ? 1 : 0,
    minimumQuantity: row.minimum_quantity,
    minimumIncrement: row.minimum_increment,
    bestPrice: range.best,
    highestPrice: range.highest,
    prices,
  };
}

type PriceTuple = [
  productId: number,
  storeId: number,
  price: number,
  basePrice: number,
  comparativePrice: number | null,
  comparativeMeasure: string | null,
  promotionType: number,
  // The stored verdict (verdict-store.ts) and the price it was computed for.
  verdictPrice: number | null,
  verdictPromotionType: number | null,
  priorPrice: number | null,
  usualPrice: number | null,
  lowest365: number | null,
  dealRating: DealRating | null,
  validFrom: number | null,
  validUntil: number | null,
  /** prices.observed_at: when a feed last listed the price (the ingest moves it on every line). */
  seenAt: number,
  // The product's pack, for a unit price to the cent (exactUnitPrice, issue 37).
  displayUnits: string | null,
  saleType: number,
  /** Shoppers' reports (reports/price-flags.ts): 0 none, 1 reported, 2 hidden by an operator. */
  flag: number,
];

/** A 500-item list at 20 stores is 10,000 pairs. */
const CACHED_PAIRS_PER_REQUEST = 20_000;

const cheapestFirst = (a: Price, b: Price) => a.price - b.price || a.storeId - b.storeId;

/**
 * Current prices of these products at these stores, cheapest first per product. Pairs priced in
 * the last seconds come from this process's cache (price-cache.ts); the others from the database.
 */
export async function pricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now = Date.now()) {
  // A request for more pairs than a screen shows (an export, a test of the variable limit) would
  // only churn the cache: it reads them all, uncached.
  if (productIds.length * storeIds.length > CACHED_PAIRS_PER_REQUEST) {
    const all = await readPricesAt(db, productIds, storeIds, now);
    for (const list of all.values()) list.sort(cheapestFirst);
    return all;
  }
  const cached = new PricedPairs(db, now);
  // Each product's list as built before for this set of stores, if kept (price-cache.ts).
  const lists = cached.listsAt(storeSetKey(storeIds));
  const byProduct = new Map<number, Price[]>();
  const unlisted: number[] = [];
  for (const productId of productIds) {
    const list = lists.get(productId);
    if (list === undefined) unlisted.push(productId);
    // Frozen and shared: a caller that changed it would throw rather than change other answers.
    else if (list.length > 0) byProduct.set(productId, list as Price[]);
  }
  if (unlisted.length === 0) return byProduct;
  const width = storeIds.length;
  // Each pair's answer, product by product in the order of storeIds (undefined: not cached).
  const found: (Price | null | undefined)[] = new Array(unlisted.length * width).fill(undefined);
  const missingProducts = new Set<number>();
  const missingStores = new Set<number>();
  for (let s = 0; s < width; s++) {
    const storeId = storeIds[s] as number;
    const cachedAt = cached.atStore(storeId);
    for (let p = 0; p < unlisted.length; p++) {
      const productId = unlisted[p] as number;
      const hit = cachedAt(productId);
      found[p * width + s] = hit;
      if (hit !== undefined) continue;
      missingProducts.add(productId);
      missingStores.add(storeId);
    }
  }
  if (missingProducts.size > 0) {
    const fetched = await sharedReadPricesAt(db, [...missingProducts], [...missingStores], now);
    // What was read now is answered even if the cache drops it again (it is full).
    unlisted.forEach((productId, p) => {
      if (!missingProducts.has(productId)) return;
      const prices = fetched.get(productId) ?? [];
      storeIds.forEach((storeId, s) => {
        if (!missingStores.has(storeId)) return;
        const price = prices.find((candidate) => candidate.storeId === storeId) ?? null;
        found[p * width + s] = price;
        cached.set(storeId, productId, price);
      });
    });
  }
  for (let p = 0; p < unlisted.length; p++) {
    const productId = unlisted[p] as number;
    const list: Price[] = [];
    for (let s = 0; s < width; s++) {
      const price = found[p * width + s];
      if (price) insertCheapestFirst(list, price);
    }
    const kept = lists.set(productId, list);
    if (kept.length > 0) byProduct.set(productId, kept as Price[]);
  }
  return byProduct;
}

/**
 * The price lists this process keeps for products at these stores (pricesAt's, cheapest first),
 * by product; a product without one has not been priced there lately.
 */
export function keptPriceLists(db: Kysely<DB>, storeIds: number[], now = Date.now()) {
  return new PricedPairs(db, now).listsAt(storeSetKey(storeIds));
}

/** Adds `price` to a list kept cheapest first: a product has a few prices, sorting them was slower. */
function insertCheapestFirst(list: Price[], price: Price): void {
  let at = list.length;
  while (at > 0 && cheapestFirst(list[at - 1] as Price, price) > 0) {
    list[at] = list[at - 1] as Price;
    at--;
  }
  list[at] = price;
}

/** Reads of missing pairs on their way, per database (sharedReadPricesAt). */
const readsOnTheirWay = new WeakMap<Kysely<DB>, SharedReads<Map<number, Price[]>>>();

/**
 * readPricesAt, shared by the requests that miss the same pairs at once: a product many shoppers
 * open together (a phone's 50 connections in the bench, a special everybody taps) was read once
 * per request, 25,000 reads for 500 products on PostgreSQL, before the first answer was kept
 * (decision 0031, ninth session). Joined only within the catalogue generation it began in.
 */
function sharedReadPricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now: number) {
  let reads = readsOnTheirWay.get(db);
  if (!reads) {
    reads = new SharedReads();
    readsOnTheirWay.set(db, reads);
  }
  const key = `${dayOf(now)}|${productIds.join(',')}|${storeIds.join(',')}`;
  return reads.run(key, pricedPairsGeneration(), () => readPricesAt(db, productIds, storeIds, now));
}

/**
 * The database's current prices of these products at these stores, with their verdicts.
 * The rows come back as one JSON array built by the database: a search reads about 300 prices,
 * and decoding them as 300 row objects cost more than finding them (measured: 390 µs vs 130 µs).
 */
async function readPricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now: number) {
  const byProduct = new Map<number, Price[]>();
  const stored = new Map<Price, PriceVerdict>();
  const packs = new Map<number, UnitPack | null>();
  // Sliced so no statement binds more values than the database allows (lib/chunks.ts).
  for (const products of chunks(productIds)) {
    for (const stores of chunks(storeIds))
      await addPricesAt(db, products, stores, now, byProduct, stored, packs);
  }
  // Each price's verdict and comparable unit price (issue 12).
  await addVerdicts(db, byProduct, now, stored, packs);
  return byProduct;
}

async function addPricesAt(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  now: number,
  byProduct: Map<number, Price[]>,
  stored: Map<Price, PriceVerdict>,
  packs: Map<number, UnitPack | null>,
) {
  // PostgreSQL: the ids bound as two arrays, so every read has one text, prepared and planned once
  // per connection (postgres-pool.ts). An `in` list of each length was a text of its own, and a
  // search's misses come in every length: planning was 0.5-4.8 ms of a cold miss (decision 0031).
  const where =
    dialectOf(db) === 'sqlite'
      ? sql`p.product_id in (${sql.join(productIds)}) and p.store_id in (${sql.join(storeIds)})`
      : sql`p.product_id = any(${productIds}::int[]) and p.store_id = any(${storeIds}::int[])`;
  const columns = sql`p.product_id, p.store_id, p.price, p.base_price, p.comparative_price, p.comparative_measure,
    p.promotion_type, v.price, v.promotion_type, v.prior_price, v.usual_price, v.lowest_365, v.deal_rating,
    v.valid_from, v.valid_until, p.observed_at, pr.display_units, pr.sale_type, ${priceFlagSql('p')}`;
  const from = sql`prices p join products pr on pr.id = p.product_id
    left join price_verdicts v on v.product_id = p.product_id and v.store_id = p.store_id`;
  const query =
    dialectOf(db) === 'sqlite'
      ? sql<{
          prices: string;
        }>`select json_group_array(json_array(${columns})) as prices from ${from} where ${where}`
      : sql<{
          prices: PriceTuple[] | null;
        }>`select json_agg(json_build_array(${columns})) as prices from ${from} where ${where}`;
  const [row] = (await query.execute(db)).rows;
  const tuples: PriceTuple[] =
    typeof row?.prices === 'string' ? JSON.parse(row.prices) : ((row?.prices as PriceTuple[] | null) ?? []);
  const today = dayOf(now);
  for (const [
    productId,
    storeId,
    price,
    basePrice,
    comparativePrice,
    comparativeMeasure,
    promotionType,
    verdictPrice,
    verdictPromotionType,
    priorPrice,
    usualPrice,
    lowest365,
    dealRating,
    validFrom,
    validUntil,
    seenAt,
    displayUnits,
    saleType,
    flag,
  ] of tuples) {
    if (Number(flag) === FLAG_HIDDEN) continue;
    if (!packs.has(productId)) packs.set(productId, parsePackSize(displayUnits, saleType));
    const list = byProduct.get(productId) ?? [];
    const entry: Price = {
      storeId,
      price,
      basePrice,
      comparativePrice,
      comparativeMeasure,
      promotionType,
      seenAt: Number(seenAt),
    };
    if (Number(flag) === FLAG_REPORTED) entry.reported = true;
    list.push(entry);
    byProduct.set(productId, list);
    // A stored verdict counts while it holds, for the price the store charges now (verdict-store.ts).
    const holds = validFrom !== null && validUntil !== null && validFrom <= today && today < validUntil;
    if (holds && verdictPrice === price && verdictPromotionType === promotionType)
      stored.set(entry, { priorPrice, usualPrice, lowest365, dealRating });
  }
}

/**
 * The products with these ids as Products priced at these stores, in the order of the ids given.
 * Unknown ids are left out; withdrawn products are kept (a user's list may still hold them).
 */
export async function findProducts(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  now = Date.now(),
): Promise<Product[]> {
  const entries = await findProductEntries(db, productIds, storeIds, now);
  return entries.map((entry) => toProduct(entry.row, entry.prices));
}

/** As findProducts, each product as its row and its prices (product-json.ts writes them). */
export async function findProductEntries(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  now = Date.now(),
): Promise<{ row: ProductShapeRow; prices: Price[] }[]> {
  if (productIds.length === 0) return [];
  const [rows, prices] = await Promise.all([
    heldProductRows(db, productIds),
    pricesAt(db, productIds, storeIds, now),
  ]);
  return productIds.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ row, prices: prices.get(id) ?? [] }] : [];
  });
}
