// A store's specials: the card on Home (4 random products and the count) and the full, paged list.
import type { Specials, SpecialsPage, Store } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { notFound } from '../../lib/http-error.js';
import { findProducts } from '../products/product-shape.js';
import { storesRepository, workspaceStoreIds } from '../stores/stores.repository.js';
import { specialsRepository } from './specials.repository.js';

/** Spec section 9: a specials card shows 4 products. */
export const SPECIALS_CARD_PRODUCTS = 4;
export const storeNotFound = 'That store was not found.';

export function specialsService(ctx: AppContext) {
  const specials = specialsRepository(ctx.db);
  const stores = storesRepository(ctx.db);

  async function card(store: Store): Promise<Specials> {
    const [products, count] = await Promise.all([
      specials.sample(store.id, SPECIALS_CARD_PRODUCTS),
      specials.count(store.id),
    ]);
    return { store, products, count };
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
