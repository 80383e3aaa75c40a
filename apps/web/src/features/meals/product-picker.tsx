// Choosing a product for an ingredient (or for the pantry): a search of the catalogue at the
// workspace's stores; a tap picks one.
import type { Product } from '@kete/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { searchProducts } from './meals-api.js';
import { ErrorText, money } from './meals-parts.js';

export function ProductPicker({
  initial,
  label,
  onPick,
  onCancel,
}: {
  initial: string;
  label: string;
  onPick(product: Product): unknown;
  onCancel(): void;
}) {
  const [text, setText] = useState(initial);
  const [found, setFound] = useState<Product[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const search = async () => {
    setError(null);
    try {
      setFound(await searchProducts(text));
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section
      aria-label={label}
      className="mx-4 my-3 rounded-2xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <input
          aria-label="Search products"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3"
        />
        <Button type="submit">Search</Button>
      </form>
      <ErrorText error={error} />
      {found ? (
        <ul className="mt-2 max-h-80 divide-y divide-stone-200 overflow-y-auto">
          {found.length === 0 ? <li className="py-3 text-stone-600">Nothing found.</li> : null}
          {found.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                onClick={() => onPick(product)}
                className="flex min-h-12 w-full items-center gap-2 py-2 text-left hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block">{product.name}</span>
                  <span className="block text-sm text-stone-600">
                    {[product.brand, product.displayUnits].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <span className="font-semibold">
                  {product.bestPrice !== null ? money(product.bestPrice) : '—'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Button variant="ghost" className="mt-2" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}
