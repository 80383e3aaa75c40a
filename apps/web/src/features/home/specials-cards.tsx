// One specials card per selected store, scrolling sideways: the store, how many specials it has,
// and up to 4 of them. An empty card is greyed and does nothing; the others open the store's
// specials drawer.
import { compareByName, formatMoney, type Specials } from '@kete/shared';
import { ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { ProductImage } from '../../components/product/product-image.js';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useDrawerStore } from '../shell/drawer-store.js';

export const SPECIALS_CARD_PRODUCTS = 4;

export function SpecialsCards() {
  const stores = useWorkspaceStore((s) => s.data?.stores.workspace ?? []);
  const specials = useWorkspaceStore((s) => s.data?.specials ?? []);
  if (stores.length === 0) return null;
  return (
    <section aria-labelledby="specials-heading">
      <h2 id="specials-heading" className="px-4 pb-2 text-lg font-semibold">
        Specials
      </h2>
      <ul className="flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-2">
        {[...stores].sort(compareByName).map((store) => {
          const card = specials.find((c) => c.store.id === store.id) ?? { store, products: [], count: 0 };
          return (
            <li key={store.id} className="w-72 shrink-0 snap-start">
              <SpecialsCard card={card} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The products a card first showed, kept while the page is open: the start-up data is fetched
 * again (live changes, coming back online) with 4 new random picks, and tiles that reshuffle
 * under a finger about to tap one lose the shopper (issue 37 item 6).
 */
function useSteadyProducts(card: Specials): Specials['products'] {
  const kept = useRef<Specials['products'] | null>(null);
  const fresh = card.products;
  // New picks are taken only when a kept one is no longer on special at all.
  if (!kept.current || kept.current.length === 0 || card.count === 0) kept.current = fresh;
  else if (fresh.length > 0) {
    const byId = new Map(fresh.map((product) => [product.id, product]));
    kept.current = kept.current.map((product) => byId.get(product.id) ?? product);
  }
  return kept.current;
}

function SpecialsCard({ card }: { card: Specials }) {
  const open = useDrawerStore((s) => s.open);
  const products = useSteadyProducts(card);
  const empty = products.length === 0;
  const countText = empty ? 'No specials right now' : `${card.count} special${card.count === 1 ? '' : 's'}`;
  return (
    <button
      type="button"
      disabled={empty}
      onClick={() => open({ kind: 'specials', storeId: card.store.id })}
      className={`flex h-full w-full flex-col gap-3 rounded-2xl border p-3 text-left ${
        empty
          ? 'border-stone-200 bg-stone-100 text-stone-500'
          : 'border-stone-200 bg-white shadow-sm hover:border-flax-600'
      }`}
    >
      <span className={`flex items-center gap-2 ${empty ? 'grayscale' : ''}`}>
        <span aria-hidden="true">
          <StoreLogo type={card.store.type} size={26} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 leading-snug font-semibold">{card.store.name}</span>{' '}
          <span className={`tabular block text-sm ${empty ? '' : 'text-warm-800'}`}>{countText}</span>
        </span>
        {!empty && <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />}
      </span>
      {/* The card's own name (store and count) is what a screen reader hears; the tiles repeat the drawer. */}
      <span className={`grid gap-2 ${empty ? 'grid-cols-4' : 'grid-cols-2'}`} aria-hidden="true">
        {products.slice(0, SPECIALS_CARD_PRODUCTS).map((product) => (
          // Each tile says what the product is: its name, with brand and size where they fit.
          <span key={product.id} data-special-tile className="flex min-w-0 items-start gap-2">
            <ProductImage url={product.imageUrl} size={44} />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="line-clamp-2 text-xs leading-tight font-medium text-stone-900">
                {product.name}
              </span>
              {(product.brand || product.displayUnits) && (
                <span className="truncate text-[11px] text-stone-600">
                  {[product.brand, product.displayUnits].filter(Boolean).join(' · ')}
                </span>
              )}
              <span className="tabular text-sm font-bold text-warm-800">
                {product.bestPrice === null ? '' : formatMoney(product.bestPrice)}
              </span>
            </span>
          </span>
        ))}
        {empty &&
          Array.from({ length: SPECIALS_CARD_PRODUCTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder squares
            <span key={i} className="aspect-square rounded-xl bg-stone-200" />
          ))}
      </span>
    </button>
  );
}
