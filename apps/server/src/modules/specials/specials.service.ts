// A store's specials: the card on Home (4 random products and the count) and the full, paged list.
import type { Specials, SpecialsPage, Store } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
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

export function specialsService(ctx: AppContext) {
  const specials = specialsRepository(ctx.db);
  const stores = storesRepository(ctx.db);

  // Count the store's specials, then read 4 random positions of the covering index: ORDER BY
  // random() would join and sort every special of the store on every start-up (thousands at NZ
  // scale), and reading all their ids cost a millisecond per store in row decoding alone.
  async function card(store: Store): Promise<Specials> {
    const count = await specials.count(store.id);
    const positions = randomPositions(count, SPECIALS_CARD_PRODUCTS);
    const ids = await Promise.all(positions.map((position) => specials.promotedAt(store.id, position)));
    const products = await specials.cardProducts(
      store.id,
      ids.filter((id): id is number => id !== undefined),
    );
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
