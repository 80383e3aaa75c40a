// A product's favourite state, read from the initial data so home's Favourites strip follows.
// Toggling is optimistic: the heart and the strip change at once and roll back if the call fails.
// At the favourites cap a new heart is answered with the cap's message; any refusal is shown.
import { capState, compareByName, type Favourite, isPromotion, type Product } from '@kete/shared';
import { useState } from 'react';
import { CapReached, showRefusal } from '../../features/caps/show-refusal.js';
import { addFavourite, removeFavourite } from '../../features/products/api/products-api.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export const asFavourite = (product: Product): Favourite => ({
  ...product,
  onPromotion: product.prices.some((price) => isPromotion(price.promotionType)),
});

function setFavourite(product: Product, on: boolean) {
  useWorkspaceStore.getState().update((data) => {
    const others = data.favourites.filter((f) => f.id !== product.id);
    const favourites = on ? [...others, asFavourite(product)].sort(compareByName) : others;
    return { ...data, favourites };
  });
}

export function useFavourite(product: Product) {
  const isFavourite = useWorkspaceStore((s) => s.data?.favourites.some((f) => f.id === product.id) ?? false);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    const next = !isFavourite;
    const count = useWorkspaceStore.getState().data?.favourites.length ?? 0;
    if (next && capState(count, 'favourites').atCap) return showRefusal(new CapReached('favourites'));
    setBusy(true);
    setFavourite(product, next);
    try {
      await (next ? addFavourite(product.id) : removeFavourite(product.id));
    } catch (error) {
      setFavourite(product, !next);
      showRefusal(error);
    } finally {
      setBusy(false);
    }
  }

  return { isFavourite, busy, toggle };
}
