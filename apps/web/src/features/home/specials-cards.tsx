// One specials card per selected store, scrolling sideways: the store, how many specials it has,
// and up to 4 of them. An empty card is greyed and does nothing; the others open the store's
// specials drawer.
import { compareByName, formatMoney, type Specials } from '@kete/shared';
import { ChevronRight } from 'lucide-react';
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

function SpecialsCard({ card }: { card: Specials }) {
  const open = useDrawerStore((s) => s.open);
  const empty = card.products.length === 0;
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
      <span className="grid grid-cols-4 gap-2" aria-hidden="true">
        {card.products.slice(0, SPECIALS_CARD_PRODUCTS).map((product) => (
          <span key={product.id} className="flex flex-col items-center gap-1">
            <ProductImage url={product.imageUrl} size={52} />
            <span className="tabular text-xs font-bold">
              {product.bestPrice === null ? '' : formatMoney(product.bestPrice)}
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
