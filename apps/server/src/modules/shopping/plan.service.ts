// POST /api/{shortCode}/cart/plan (issue 13): reads the shopping list, the candidate stores and
// the current prices (with the multibuys the Product shape leaves out), and hands them to the
// shared solver. Everything clever is in packages/shared/src/plan/solve-plan.ts.
import {
  fromQuantityUnits,
  PLAN_MAX_CANDIDATE_STORES,
  PLAN_MAX_ITEMS,
  type Plan,
  type PlanCandidate,
  type PlanLine,
  type PlanOffer,
  type PlanRequest,
  PlanRequestError,
  planMessages,
  solvePlan,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { chunks } from '../../lib/chunks.js';
import { badRequest, fieldError } from '../../lib/http-error.js';
import { alternativeIds, findKindProducts } from '../products/alternatives.service.js';
import { workspaceStoreIds } from '../stores/stores.repository.js';
import { readExcluded } from './cart-any-brand.js';

async function candidateStores(db: Kysely<DB>, workspaceId: number, requested: number[] | undefined) {
  const ids = [...new Set(requested ?? (await workspaceStoreIds(db, workspaceId)))];
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

/** Current prices with their multibuys, and the way each product is sold. */
async function candidatesFor(db: Kysely<DB>, productIds: number[], storeIds: number[]) {
  const byId = new Map<number, PlanCandidate & { offers: PlanOffer[] }>();
  for (const ids of chunks(productIds)) {
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
      ])
      .where('product_id', 'in', ids)
      .where('store_id', 'in', storeIds)
      .execute();
    for (const row of prices) {
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
  return byId;
}

export function planService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async plan(workspaceId: number, request: PlanRequest): Promise<Plan> {
      if (request.travelCentsPerKm !== undefined && !request.origin) {
        throw fieldError('origin', planMessages.travelNeedsOrigin);
      }
      const stores = await candidateStores(db, workspaceId, request.storeIds);
      const rows = await db
        .selectFrom('cart_items')
        .select(['product_id', 'quantity_units', 'any_brand', 'excluded_alternatives'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('product_id')
        .execute();
      if (rows.length > PLAN_MAX_ITEMS) throw badRequest(planMessages.tooManyItems);

      // 'Any brand' items: every alternative the candidate stores price, less the vetoed ones.
      const storeIds = stores.map((s) => s.id);
      // Looked up side by side: on PostgreSQL each lookup is a round trip of its own.
      const anyBrand = rows.filter((row) => row.any_brand === 1);
      const kinds = await findKindProducts(
        db,
        anyBrand.map((row) => row.product_id),
      );
      const found = await Promise.all(
        anyBrand.map(async (row) => {
          const product = kinds.find((kind) => kind.id === row.product_id);
          if (!product) return [row.product_id, []] as const;
          const vetoed = new Set(readExcluded(row.excluded_alternatives));
          const ids = await alternativeIds(db, product, storeIds);
          return [row.product_id, ids.filter((id) => !vetoed.has(id))] as const;
        }),
      );
      const alternatives = new Map<number, readonly number[]>(found);
      const allIds = [...new Set([...rows.map((r) => r.product_id), ...[...alternatives.values()].flat()])];
      const candidates = await candidatesFor(db, allIds, storeIds);

      const lines: PlanLine[] = rows.flatMap((row) => {
        const listed = candidates.get(row.product_id);
        if (!listed) return [];
        const others = (alternatives.get(row.product_id) ?? []).flatMap((id) => candidates.get(id) ?? []);
        return [{ ...listed, quantity: fromQuantityUnits(row.quantity_units), alternatives: others }];
      });
      try {
        return solvePlan({
          lines,
          stores,
          ...(request.maxStores === undefined ? {} : { maxStores: request.maxStores }),
          ...(request.origin ? { origin: request.origin } : {}),
          ...(request.travelCentsPerKm === undefined ? {} : { travelCentsPerKm: request.travelCentsPerKm }),
          clubCards: request.clubCards ?? [],
        });
      } catch (error) {
        if (!(error instanceof PlanRequestError)) throw error;
        throw error.field ? fieldError(error.field, error.message) : badRequest(error.message);
      }
    },
  };
}
