// The favourite heart: filled when the product is a favourite; a 44 px target.
import type { Product } from '@kete/shared';
import { Heart } from 'lucide-react';
import { Button } from '../ui/button.js';
import { useFavourite } from './use-favourite.js';

export function FavouriteHeart({ product }: { product: Product }) {
  const { isFavourite, toggle } = useFavourite(product);
  return (
    // toggle() returns the request's promise: the heart is disabled until it settles.
    <Button
      variant="bare"
      aria-pressed={isFavourite}
      aria-label={`Favourite ${product.name}`}
      onClick={toggle}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100"
    >
      <Heart
        aria-hidden="true"
        className={`size-5 ${isFavourite ? 'fill-red-600 text-red-600' : ''}`}
        strokeWidth={2}
      />
    </Button>
  );
}
