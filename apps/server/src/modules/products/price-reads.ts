// What pricesAt (product-shape.ts) reads from the database for the pairs it has not kept: each
// price with its stored verdict, flags and pack, in one JSON array per statement; and the same
// read shared by requests that miss the same pairs at once.
import { type DealRating, type Price, type PriceVerdict, parsePackSize, type UnitPack } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { namedPerDatabase } from '../../lib/per-database.js';
import { SharedReads } from '../../lib/shared-reads.js';
import { FLAG_HIDDEN, FLAG_REPORTED, priceFlagSql } from '../reports/price-flags.js';
import { pricedPairsGeneration } from './price-cache.js';
import { addVerdicts } from './price-enrichment.js';
import { dayOf } from './verdict-store.js';

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

/** Reads of missing pairs on their way, per database (sharedReadPricesAt). */
const readsOf = namedPerDatabase<SharedReads<Map<number, Price[]>>>();

/**
 * readPricesAt, shared by the requests that miss the same pairs at once: a product many shoppers
 * open together (a phone's 50 connections in the bench, a special everybody taps) was read once
 * per request, 25,000 reads for 500 products on PostgreSQL, before the first answer was kept
 * (decision 0031, ninth session). Joined only within the catalogue generation it began in.
 */
export function sharedReadPricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now: number) {
  const reads = readsOf(db, 'missing-prices', () => new SharedReads());
  const key = `${dayOf(now)}|${productIds.join(',')}|${storeIds.join(',')}`;
  return reads.run(key, pricedPairsGeneration(), () => readPricesAt(db, productIds, storeIds, now));
}

/**
 * The database's current prices of these products at these stores, with their verdicts.
 * The rows come back as one JSON array built by the database: a search reads about 300 prices,
 * and decoding them as 300 row objects cost more than finding them (measured: 390 µs vs 130 µs).
 */
export async function readPricesAt(db: Kysely<DB>, productIds: number[], storeIds: number[], now: number) {
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
