// Home's 'Price drops' strip (issue 12, item 5): the workspace's favourites whose price dropped at
// one of its stores this week, biggest drop first. Only shown when there is at least one; a failed
// or missing answer shows nothing (the strip is a bonus, home works without it). Loaded after
// home's first paint, so it adds nothing to the first-load budget.
import { formatMoney, type PriceDrop } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { ProductImage } from '../../components/product/product-image.js';
import { StoreLogo } from '../../components/ui/chain-mark.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { priceDropsQuery } from '../prices/api/prices-api.js';
import { verdictOf } from '../prices/price-verdict.js';
import { useDrawerStore } from '../shell/drawer-store.js';

/** The biggest drops only: a household with hundreds of favourites may see hundreds drop. */
const STRIP_TILES = 24;

export default function PriceDropsStrip() {
  const { data } = useQuery(priceDropsQuery());
  const drops = data?.drops ?? [];
  if (drops.length === 0) return null;
  return (
    <section aria-labelledby="price-drops-heading" data-price-drops>
      <h2 id="price-drops-heading" className="px-4 pb-2 text-lg font-semibold">
        Price drops
      </h2>
      {/* relative: screen-reader-only text inside the tiles is positioned absolutely; without a
          positioned ancestor in the strip it escaped the scrolling and widened the whole page. */}
      <ul className="relative flex gap-3 overflow-x-auto px-4 pb-2">
        {drops.slice(0, STRIP_TILES).map((drop) => (
          <li key={`${drop.product.id}-${drop.storeId}`} className="w-28 shrink-0">
            <DropTile drop={drop} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DropTile({ drop }: { drop: PriceDrop }) {
  const open = useDrawerStore((s) => s.open);
  const store = useWorkspaceStore((s) => s.data?.stores.workspace.find((st) => st.id === drop.storeId));
  const verdict = verdictOf({ ...drop, price: drop.newPrice });
  return (
    <button
      type="button"
      onClick={() => open({ kind: 'product', product: drop.product })}
      className="flex w-full flex-col items-center gap-1 rounded-2xl p-1 text-center hover:bg-stone-100"
    >
      <ProductImage url={drop.product.imageUrl} size={80} />
      <span className="line-clamp-2 text-xs font-medium text-stone-800">{drop.product.name}</span>
      <span className="tabular flex items-baseline gap-1">
        <span className="font-extrabold text-warm-800">{formatMoney(drop.newPrice)}</span>
        <span className="text-xs text-stone-600">
          <span className="sr-only">was </span>
          <s>{formatMoney(drop.oldPrice)}</s>
        </span>
      </span>
      {store && (
        <span className="flex max-w-full items-center gap-1 text-[11px] text-stone-600">
          <StoreLogo type={store.type} size={16} />
          <span className="truncate">{store.name}</span>
        </span>
      )}
      {verdict && verdict.tone === 'good' && (
        <span className="text-[11px] font-semibold text-flax-700">{verdict.label}</span>
      )}
    </button>
  );
}
