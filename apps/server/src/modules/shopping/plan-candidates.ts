// What a plan is made of, read from the database (plan.service.ts hands it to the solver): the
// candidate stores, each product's current offers with their multibuys and unit prices (stale,
// reported and hidden prices left out where the rules say), a household's same-product group as
// one candidate, and the bounded 'Any brand' alternatives.

import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  cheapestMember,
  normaliseUnitPrice,
  PLAN_ALTERNATIVES_PER_ITEM,
  PLAN_MAX_ALTERNATIVES,
  PLAN_MAX_CANDIDATE_STORES,
  type PlanCandidate,
  type PlanOffer,
  type PlanStoreInput,
  planMessages,
  type UnitPrice,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { fieldError } from '../../lib/http-error.js';
import { alternativesByKind, findKindProducts } from '../products/alternatives.service.js';
import { flaggedPairs } from '../reports/price-flags.js';
import type { CartRow } from './cart-answer.js';
import { readExcluded } from './cart-any-brand.js';

export async function candidateStores(db: Kysely<DB>, requested: number[]): Promise<PlanStoreInput[]> {
  const ids = [...new Set(requested)];
  if (ids.length > PLAN_MAX_CANDIDATE_STORES) throw fieldError('storeIds', planMessages.storeIds);
  if (ids.length === 0) return [];
  const stores = await db
    .selectFrom('stores')
    .select(['id', 'latitude', 'longitude'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (stores.length !== ids.length) throw fieldError('storeIds', planMessages.unknownStore);
  return stores;
}

/**
 * Products whose prices one statement reads for a plan: a 500-item 'Any brand' plan reads ~1,500
 * products at 20 stores, ~20,000 rows, which on SQLite is read synchronously on the main thread.
 * In slices of this many, with a turn of the event loop between them, other requests are answered
 * meanwhile (issue 44 item 6).
 */
const PLAN_READ_SLICE = 200;

/** Current prices with their multibuys, and the way each product is sold. */
export async function candidatesFor(
  db: Kysely<DB>,
  productIds: number[],
  storeIds: number[],
  staleBefore: number,
) {
  const byId = new Map<number, PlanCandidate & { offers: PlanOffer[] }>();
  /** Offers last confirmed before the stale limit (issue 33), by offerKey. */
  const staleOffers = new Set<string>();
  /** When a feed last listed each offer, by offerKey: the plan's lines carry it (issue 45). */
  const seenAt = new Map<string, number>();
  /** Each offer's unit price, by offerKey (a household's same products compare by it, issue 33). */
  const units = new Map<string, UnitPrice | null>();
  for (const ids of chunks(productIds, PLAN_READ_SLICE)) {
    await nextTurn();
    // Prices shoppers reported wrong, or an operator hid, are no offer (issue 33 item 5).
    const flagged = await flaggedPairs(db, ids, storeIds);
    const products = await db
      .selectFrom('products')
      .select(['id', 'sale_type'])
      .where('id', 'in', ids)
      .execute();
    for (const p of products) byId.set(p.id, { productId: p.id, saleType: p.sale_type, offers: [] });
    if (storeIds.length === 0) continue;
    const prices = await db
      .selectFrom('prices')
      .select([
        'product_id',
        'store_id',
        'price',
        'base_price',
        'promotion_type',
        'multibuy_quantity',
        'multibuy_price',
        'observed_at',
        'comparative_price',
        'comparative_measure',
      ])
      .where('product_id', 'in', ids)
      .where('store_id', 'in', storeIds)
      .execute();
    for (const row of prices) {
      if (flagged.has(offerKey(row.product_id, row.store_id))) continue;
      if (Number(row.observed_at) < staleBefore) staleOffers.add(offerKey(row.product_id, row.store_id));
      seenAt.set(offerKey(row.product_id, row.store_id), Number(row.observed_at));
      units.set(
        offerKey(row.product_id, row.store_id),
        normaliseUnitPrice(row.comparative_price, row.comparative_measure),
      );
      byId.get(row.product_id)?.offers.push({
        storeId: row.store_id,
        price: row.price,
        basePrice: row.base_price,
        promotionType: row.promotion_type,
        multibuyQuantity: row.multibuy_quantity,
        multibuyPrice: row.multibuy_price,
      });
    }
  }
  // The freshness rule (decision 0020), as the cheapest split's: a stale price counts only for a
  // product no candidate store has a fresh price for.
  for (const candidate of byId.values()) {
    const fresh = candidate.offers.filter((o) => !staleOffers.has(offerKey(candidate.productId, o.storeId)));
    if (fresh.length > 0) candidate.offers = fresh;
  }
  return { byId, staleOffers, seenAt, units };
}

/**
 * A household's group of the same product as one candidate (issue 33 item 6, decision 0022): at
 * each store, the offer of the group's cheapest member there by unit price (equivalents.ts). The
 * solver then chooses stores by money as ever; `chosen` says which member each store's offer is.
 */
export function groupCandidate(
  listed: PlanCandidate & { offers: PlanOffer[] },
  members: readonly (PlanCandidate & { offers: PlanOffer[] })[],
  units: Map<string, UnitPrice | null>,
) {
  const byStore = new Map<
    number,
    {
      productId: number;
      offer: PlanOffer;
      price: number;
      unitPrice: number | null;
      unitMeasure: string | null;
    }[]
  >();
  for (const member of [listed, ...members])
    for (const offer of member.offers) {
      const unit = units.get(offerKey(member.productId, offer.storeId));
      const entry = {
        productId: member.productId,
        offer,
        price: offer.price,
        unitPrice: unit?.unitPrice ?? null,
        unitMeasure: unit?.unitMeasure ?? null,
      };
      byStore.set(offer.storeId, [...(byStore.get(offer.storeId) ?? []), entry]);
    }
  const chosen = new Map<number, number>();
  const offers: PlanOffer[] = [];
  for (const [storeId, entries] of byStore) {
    const best = cheapestMember(entries, listed.productId);
    if (!best) continue;
    offers.push(best.offer);
    chosen.set(storeId, best.productId);
  }
  return { candidate: { ...listed, offers }, chosen };
}

export const offerKey = (productId: number, storeId: number) => `${productId}:${storeId}`;

/** The alternatives each 'Any brand' row may be bought as, within the plan's bounds (plan-api.ts). */
export async function boundedAlternatives(db: Kysely<DB>, rows: CartRow[]): Promise<Map<number, number[]>> {
  const anyBrand = rows.filter((row) => row.any_brand === 1);
  if (anyBrand.length === 0) return new Map();
  const share = Math.min(
    PLAN_ALTERNATIVES_PER_ITEM,
    Math.max(1, Math.floor(PLAN_MAX_ALTERNATIVES / anyBrand.length)),
  );
  const products = await findKindProducts(
    db,
    anyBrand.map((row) => row.product_id),
  );
  const byProduct = await alternativesByKind(db, products);
  return new Map(
    anyBrand.map((row) => {
      const vetoed = new Set(readExcluded(row.excluded_alternatives));
      const allowed = (byProduct.get(row.product_id) ?? []).filter((c) => !vetoed.has(c.id));
      return [row.product_id, allowed.slice(0, share).map((c) => c.id)];
    }),
  );
}
