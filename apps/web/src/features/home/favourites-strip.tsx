// The Favourites strip: only with at least one favourite. The heading (and the promotion badge)
// open the favourites drawer; each tile opens its product.
import type { Favourite } from '@kete/shared';
import { ChevronRight, Tag } from 'lucide-react';
import { ProductImage } from '../../components/product/product-image.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { useDrawerStore } from '../shell/drawer-store.js';
import { favouritesBadge } from './home-logic.js';

/** Tiles drawn on home; the rest are one tap away in the drawer (a household may keep 500). */
const STRIP_TILES = 24;

export function FavouritesStrip() {
  const favourites = useWorkspaceStore((s) => s.data?.favourites ?? []);
  const open = useDrawerStore((s) => s.open);
  if (favourites.length === 0) return null;
  const badge = favouritesBadge(favourites);
  const openAll = () => open({ kind: 'favourites' });
  return (
    <section aria-labelledby="favourites-heading">
      <div className="flex flex-wrap items-center gap-x-2 px-4 pb-2">
        <h2 id="favourites-heading" className="text-lg font-semibold">
          <button type="button" onClick={openAll} className="flex min-h-11 items-center gap-1">
            Favourites
            <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
          </button>
        </h2>
        {badge && (
          <button
            type="button"
            onClick={openAll}
            className="flex min-h-11 items-center gap-1 rounded-full px-1 text-sm font-semibold whitespace-nowrap text-warm-800"
          >
            <span className="flex items-center gap-1 rounded-full bg-warm-100 px-3 py-1">
              <Tag aria-hidden="true" className="size-4" />
              {badge}
            </span>
          </button>
        )}
      </div>
      {/* relative: screen-reader-only text inside the tiles is positioned absolutely; without a
          positioned ancestor in the strip it escaped the scrolling and widened the whole page. */}
      <ul className="relative flex gap-3 overflow-x-auto px-4 pb-2">
        {favourites.slice(0, STRIP_TILES).map((favourite) => (
          <li key={favourite.id} className="w-24 shrink-0">
            <FavouriteTile favourite={favourite} />
          </li>
        ))}
        {favourites.length > STRIP_TILES && (
          <li className="w-24 shrink-0">
            <button
              type="button"
              onClick={openAll}
              className="flex h-full min-h-24 w-full flex-col items-center justify-center gap-1 rounded-2xl bg-stone-100 p-1 text-center text-sm font-semibold text-stone-800"
            >
              See all {favourites.length}
              <ChevronRight aria-hidden="true" className="size-5 text-stone-500" />
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}

function FavouriteTile({ favourite }: { favourite: Favourite }) {
  const open = useDrawerStore((s) => s.open);
  return (
    <button
      type="button"
      onClick={() => open({ kind: 'product', product: favourite })}
      className="relative flex w-full flex-col items-center gap-1 rounded-2xl p-1 text-center hover:bg-stone-100"
    >
      <ProductImage url={favourite.imageUrl} size={80} />
      {favourite.onPromotion && (
        <span
          aria-hidden="true"
          className="absolute top-0 right-0 rounded-full bg-warm-500 px-1.5 py-0.5 text-[11px] font-bold text-stone-900 shadow-sm"
        >
          Promo
        </span>
      )}
      <span className="line-clamp-2 text-xs font-medium text-stone-800">
        {favourite.name}
        {favourite.onPromotion && <span className="sr-only">, on promotion</span>}
      </span>
    </button>
  );
}
