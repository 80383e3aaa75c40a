// A recipe's ingredient lines with what each is matched to and costs; unpriced lines say so
// (lines 'to taste' quietly), and a line costed as a small share of a big pack is flagged. With `onChange`, each line's product can be changed.
import type { RecipeIngredient } from '@kete/shared';
import { TriangleAlert } from 'lucide-react';
import { money, useStoreName } from './meals-parts.js';

export function IngredientRows({
  ingredients,
  onChange,
}: {
  ingredients: RecipeIngredient[];
  onChange?(index: number): void;
}) {
  const storeName = useStoreName();
  return (
    <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
      {ingredients.map((ingredient, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the ingredient's number in the API
        <li key={`${index}-${ingredient.line}`} className="flex items-start gap-3 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{ingredient.line}</p>
            {ingredient.product ? (
              <p className="text-sm text-stone-600">
                {ingredient.product.name}
                {ingredient.product.displayUnits ? ` ${ingredient.product.displayUnits}` : ''}
                {ingredient.product.price !== null
                  ? ` · ${money(ingredient.product.price)} at ${storeName(ingredient.product.storeId)}`
                  : ' · not sold at your stores'}
              </p>
            ) : null}
            {ingredient.status === 'unpriced' ? (
              <p className="flex items-center gap-1 text-sm font-medium text-warm-800">
                <TriangleAlert aria-hidden="true" className="size-4" />
                {ingredient.product ? 'Amount cannot be priced' : 'No product found'}
              </p>
            ) : null}
            {ingredient.status === 'toTaste' && !ingredient.product ? (
              <p className="text-sm text-stone-500">Not priced (to taste)</p>
            ) : null}
          </div>
          <div className="flex flex-col items-end gap-1">
            {ingredient.cost !== null ? (
              <span className="font-semibold">{money(ingredient.cost)}</span>
            ) : null}
            {ingredient.bigPack ? (
              <span className="rounded-full bg-warm-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warm-800">
                big pack
              </span>
            ) : null}
            {onChange && ingredient.name ? (
              <button
                type="button"
                onClick={() => onChange(index)}
                className="min-h-9 rounded-lg px-2 text-sm font-semibold text-flax-700 hover:bg-flax-50"
                aria-label={`Change the product for ${ingredient.name}`}
              >
                Change
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
