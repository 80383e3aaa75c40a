// A household's own "same product" (issue 33 item 6, decision 0022): in the drawer, 'Treat as the
// same' chooses other products from search; the group's products are listed with 'Not the same'.
// The cheapest split and the plan then buy the group's cheapest member by unit price.
import { equivalentsIndex, type Product } from '@kete/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Equal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import {
  keepEquivalents,
  productQuery,
  putEquivalents,
  removeEquivalent,
  useEquivalentGroups,
} from './api/equivalents-api.js';
import { searchProducts } from './api/products-api.js';

/** 'Anchor Milk 2L': the brand, the name, and the size unless the name already says it. */
const productName = (p: Product) =>
  [
    p.brand,
    p.name,
    p.displayUnits && !p.name.toLowerCase().endsWith(p.displayUnits.toLowerCase()) ? p.displayUnits : null,
  ]
    .filter(Boolean)
    .join(' ');

export function SameProduct({ product }: { product: Product }) {
  const index = equivalentsIndex(useEquivalentGroups());
  const others = index.get(product.id) ?? [];
  const [choosing, setChoosing] = useState(false);
  const add = useMutation({ mutationFn: putEquivalents, onSuccess: keepEquivalents });
  const remove = useMutation({ mutationFn: removeEquivalent, onSuccess: keepEquivalents });
  const failed = add.error ?? remove.error;
  return (
    <section data-same-product aria-label="The same product for you" className="space-y-2">
      {others.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-stone-700">The same for you</h3>
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
            {others.map((id) => (
              <SameMember
                key={id}
                productId={id}
                onRemove={() => remove.mutate(id)}
                busy={remove.isPending}
              />
            ))}
          </ul>
        </>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed instanceof Error ? failed.message : 'That did not work. Please try again.'}
        </p>
      )}
      {choosing ? (
        <SameProductSearch
          product={product}
          exclude={new Set([product.id, ...others])}
          busy={add.isPending}
          onPick={(other) => add.mutate([product.id, other.id], { onSuccess: () => setChoosing(false) })}
          onCancel={() => setChoosing(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setChoosing(true)}>
          <Equal aria-hidden="true" className="size-4" />
          Treat as the same
        </Button>
      )}
    </section>
  );
}

function SameMember({ productId, onRemove, busy }: { productId: number; onRemove(): void; busy: boolean }) {
  const { data } = useQuery(productQuery(productId));
  const name = data ? productName(data) : 'Another product';
  return (
    <li data-same-member={productId} className="flex min-h-11 items-center gap-2 pl-3 text-sm">
      <span className="min-w-0 flex-1">{name}</span>
      <button
        type="button"
        disabled={busy}
        onClick={onRemove}
        aria-label={`Not the same: ${name}`}
        className="min-h-11 shrink-0 rounded-lg px-3 font-semibold text-flax-700 underline hover:bg-flax-50 disabled:text-stone-500"
      >
        Not the same
      </button>
    </li>
  );
}

function SameProductSearch({
  product,
  exclude,
  busy,
  onPick,
  onCancel,
}: {
  product: Product;
  exclude: ReadonlySet<number>;
  busy: boolean;
  onPick(other: Product): void;
  onCancel(): void;
}) {
  const [text, setText] = useState(product.name.split(' ').slice(0, 2).join(' '));
  const [asked, setAsked] = useState(text);
  const { data, isFetching, error } = useQuery({
    queryKey: ['same-product-search', asked],
    queryFn: () => searchProducts(asked),
    enabled: asked.trim().length > 0,
  });
  const found = (data ?? []).filter((p) => !exclude.has(p.id)).slice(0, 20);
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 p-3">
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(text.trim());
        }}
      >
        <input
          type="search"
          aria-label="Search for the same product"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-stone-900"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {isFetching && <p className="text-sm text-stone-600">Searching…</p>}
      {error && <p className="text-sm text-red-700">Search did not work. Please try again.</p>}
      {!isFetching && data && found.length === 0 && (
        <p className="text-sm text-stone-600">No other products found.</p>
      )}
      <ul className="divide-y divide-stone-200">
        {found.map((other) => (
          <li key={other.id}>
            <button
              type="button"
              data-same-choice={other.id}
              disabled={busy}
              onClick={() => onPick(other)}
              className="flex min-h-11 w-full items-center py-2 text-left text-sm hover:bg-flax-50 disabled:opacity-60"
            >
              {productName(other)}
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** Under a row that buys another product of the household's group: which one. */
export function SameProductNote({ product }: { product: Product }) {
  return (
    <div
      data-same-bought={product.id}
      className="flex items-center gap-2 bg-flax-50 py-1 pr-2 pl-14 text-sm text-flax-800"
    >
      <Equal aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1">
        Same for you: buying <strong>{productName(product)}</strong>
      </span>
    </div>
  );
}

/** The same note for a plan line, which names its product by id. */
export function SameProductNoteById({ productId }: { productId: number }) {
  const { data } = useQuery(productQuery(productId));
  if (!data) return null;
  return <SameProductNote product={data} />;
}
