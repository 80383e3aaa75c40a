// 'Any brand' on a shopping-list item (issue 13): the plan may buy the cheapest alternative of the
// same kind and size instead. With it on, the alternatives are listed, each with a veto ('Not
// this one') that the shopper can take back ('Allow again').
import type { CartItem } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { cartQuery } from '../cart/api/cart-api.js';
import { alternativesQuery } from './api/plan-api.js';
import { useBrandSettings } from './use-brand-settings.js';

const SHOWN = 5;

export function AnyBrandToggle({ productId }: { productId: number }) {
  const { data: cart } = useQuery(cartQuery);
  const item = cart?.find((line) => line.product.id === productId);
  return item ? <AnyBrandSettings item={item} /> : null;
}

function AnyBrandSettings({ item }: { item: CartItem }) {
  const { anyBrand, excluded, busy, setAnyBrand, veto, allow } = useBrandSettings(item);
  const { data: alternatives } = useQuery({ ...alternativesQuery(item.product.id), enabled: anyBrand });
  return (
    <div className="mb-2 rounded-xl border border-stone-200 p-3">
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-flax-600"
          checked={anyBrand}
          disabled={busy}
          onChange={(event) => setAnyBrand(event.target.checked)}
        />
        Any brand
      </label>
      <p className="text-sm text-stone-600">
        When the trip is planned for at most a few stores, Kete may buy the cheapest product of the same kind
        and size instead.
      </p>
      {anyBrand && alternatives && alternatives.length === 0 && (
        <p className="mt-2 text-sm text-stone-600">No alternatives found at your stores.</p>
      )}
      {anyBrand && alternatives && alternatives.length > 0 && (
        <ul aria-label="Alternatives" className="mt-2 divide-y divide-stone-200">
          {alternatives.slice(0, SHOWN).map((product) => {
            const vetoed = excluded.includes(product.id);
            const name = [product.brand, product.name, product.displayUnits].filter(Boolean).join(' ');
            return (
              <li key={product.id} className="flex items-center gap-2 py-1 text-sm">
                <span className={`min-w-0 flex-1 ${vetoed ? 'text-stone-600 line-through' : ''}`}>
                  {name}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={vetoed ? `Allow again: ${name}` : `Not this one: ${name}`}
                  onClick={() => (vetoed ? allow(product.id) : veto(product.id))}
                  className="min-h-11 shrink-0 rounded-lg px-2 font-semibold text-flax-700 underline hover:bg-flax-50"
                >
                  {vetoed ? 'Allow again' : 'Not this one'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
