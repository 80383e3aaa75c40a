// A store's specials: the card on Home (4 random products and the count) and the full, paged list.
import type { Specials, SpecialsPage, Store } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { notFound } from '../../lib/http-error.js';
import { findProducts } from '../products/product-shape.js';
import { storesRepository, workspaceStoreIds } from '../stores/stores.repository.js';
import { specialsRepository } from './specials.repository.js';

/** Up to n distinct positions in [0, total), uniformly at random. */
export function randomPositions(total: number, n: number): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(n, total)) picked.add(Math.floor(Math.random() * total));
  return [...picked];
}

/** Spec section 9: a specials card shows 4 products. */
export const SPECIALS_CARD_PRODUCTS = 4;
export const storeNotFound = 'That store was not found.';
/** A change made outside this server (the operators' CLI) shows on the cards within this time. */
const SPECIALS_IDS_TTL_MS = 30_000;

export function specialsService(ctx: AppContext) {
  const specials = specialsRepository(ctx.db);
  const stores = storesRepository(ctx.db);

  // The store's specials ids are read once and kept briefly (they change only with an ingest),
  // then 4 random ones are picked. Reading 4 random index positions per start-up instead cost
  // 4 OFFSET scans per store (thousands of index rows each at NZ scale): most of init's time.
  const promotedIds = (storeId: number) =>
    catalogueCache<number[]>(ctx.db, 'specials-ids', SPECIALS_IDS_TTL_MS, 1_000).get(String(storeId), () =>
      specials.promotedIds(storeId),
    );

  async function card(store: Store): Promise<Specials> {
    const ids = await promotedIds(store.id);
    const picked = randomPositions(ids.length, SPECIALS_CARD_PRODUCTS).map(
      (position) => ids[position] as number,
    );
    const products = await specials.cardProducts(store.id, picked);
    return { store, products, count: ids.length };
  }

  return {
    card,

    async cardsFor(workspaceId: number): Promise<Specials[]> {
      return Promise.all((await stores.forWorkspace(workspaceId)).map(card));
    },

    async page(workspaceId: number, storeId: number, page: number, pageSize: number): Promise<SpecialsPage> {
      const store = await stores.findById(storeId);
      if (!store) throw notFound(storeNotFound);
      const [rows, count, workspaceStores] = await Promise.all([
        specials.page(storeId, (page - 1) * pageSize, pageSize),
        specials.count(storeId),
        workspaceStoreIds(ctx.db, workspaceId),
      ]);
      const storeIds = workspaceStores.includes(storeId) ? workspaceStores : [...workspaceStores, storeId];
      const saving = new Map(rows.map((r) => [r.productId, Number(r.saving)]));
      const products = await findProducts(ctx.db, [...saving.keys()], storeIds);
      return {
        store,
        products: products.map((p) => ({ ...p, saving: saving.get(p.id) ?? 0 })),
        count,
        page,
        pageSize,
      };
    },
  };
}
