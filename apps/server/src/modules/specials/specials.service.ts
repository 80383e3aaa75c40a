// A store's specials: the card on Home (4 random products and the count) and the full, paged list.
import { type SizeChange, type Specials, type SpecialsPage, type Store, shrankSince } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { notFound } from '../../lib/http-error.js';
import { findProducts } from '../products/product-shape.js';
import { productsShrankSince } from '../reports/size-changes.js';
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
/** At most this many 'Smaller pack' products go with a store's specials. */
const SHRANK_LISTED = 50;
export const storeNotFound = 'That store was not found.';
/** A change made outside this server (the operators' CLI) shows on the cards within this time. */
const SPECIALS_POOL_TTL_MS = 30_000;
/** How many of a store's promoted products, drawn at random, its cards pick their 4 from. */
export const SPECIALS_POOL_SIZE = 64;

type CardProduct = Specials['products'][number];
interface CardPool {
  /** Every product on promotion at the store. */
  count: number;
  /** Up to SPECIALS_POOL_SIZE of them, drawn at random, with what a card shows. */
  products: CardProduct[];
}

export function specialsService(ctx: AppContext) {
  const specials = specialsRepository(ctx.db);
  const stores = storesRepository(ctx.db);

  // Every start-up shows a card per workspace store. Reading 4 random products per card per
  // request cost 4 index walks at first, then one query per card for 4 rows scattered over a large
  // table: most of init's database time at NZ scale (decision 0011). So each store's cards draw
  // from a pool of SPECIALS_POOL_SIZE promoted products picked at random and read in one query,
  // kept as briefly as the catalogue caches (an ingest in any process drops it at once). A card
  // still shows 4 random products on promotion, and a new pool is drawn every 30 s; a store with
  // no more than SPECIALS_POOL_SIZE specials draws from all of them, exactly as before.
  const pool = (storeId: number) =>
    catalogueCache<CardPool>(ctx.db, 'specials-pool', SPECIALS_POOL_TTL_MS, 1_000).get(
      String(storeId),
      async () => {
        const ids = await specials.promotedIds(storeId);
        const drawn = randomPositions(ids.length, SPECIALS_POOL_SIZE).map((at) => ids[at] as number);
        return { count: ids.length, products: await specials.cardProducts(storeId, drawn) };
      },
    );

  async function card(store: Store): Promise<Specials> {
    const { count, products } = await pool(store.id);
    const picked = randomPositions(products.length, SPECIALS_CARD_PRODUCTS).map(
      (at) => products[at] as CardProduct,
    );
    return { store, products: picked, count };
  }

  return {
    card,

    /** A card for each of these stores (the workspace's, already read by the caller). */
    cardsFor(workspaceStores: Store[]): Promise<Specials[]> {
      return Promise.all(workspaceStores.map(card));
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
      const answer: SpecialsPage = {
        store,
        products: products.map((p) => ({ ...p, saving: saving.get(p.id) ?? 0 })),
        count,
        page,
        pageSize,
      };
      if (page !== 1) return answer;
      // Alongside the specials: what got smaller lately at this store (issue 33 item 7).
      const now = ctx.clock.now();
      const shrank = await productsShrankSince(ctx.db, shrankSince(now), {
        storeIds: [storeId],
        limit: SHRANK_LISTED,
      });
      const shrunk = await findProducts(ctx.db, [...shrank.keys()], storeIds, now);
      return {
        ...answer,
        shrank: shrunk.map((p) => ({ ...p, sizeChange: shrank.get(p.id) as SizeChange })),
      };
    },
  };
}
