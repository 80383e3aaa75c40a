// A product's picture at a fixed square size so rows never jump; a neutral placeholder when the
// catalogue has none or it fails to load.
import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';

export function ProductImage({ url, size = 56 }: { url: string | null; size?: number }) {
  const [failed, setFailed] = useState(false);
  const box = { width: size, height: size };
  if (!url || failed) {
    return (
      <span
        data-product-image
        style={box}
        className="flex shrink-0 items-center justify-center rounded-xl bg-stone-100 text-stone-400"
      >
        <ShoppingBasket aria-hidden="true" className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      data-product-image
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      style={box}
      className="shrink-0 rounded-xl bg-stone-100 object-contain"
    />
  );
}
