// The second step of 'Import': each line with up to four matches from search; the best guess is
// chosen (the exported product when it is among them), the shopper may pick another or 'Skip'.
// Only 'Add to shopping list' adds anything.
import {
  asWrittenItem,
  formatMoney,
  importedQuantity,
  type Product,
  TEXT_ITEM_MAX_QUANTITY,
} from '@kete/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { type ImportCandidate, useImportMatches } from './use-import-matches.js';

/** A product to add, or (issue 49) a line no product matched, added as written. */
export type ConfirmedLine = { product: Product; quantity: number } | { text: string; quantity: number };

/** A line's quantity as a written item's count: whole, 1 to the most. */
const countOf = (quantity: number) => Math.min(TEXT_ITEM_MAX_QUANTITY, Math.max(1, Math.round(quantity)));

/** The count asked for where the product is sold by count; a weighed one starts as an add would. */
export const quantityFor = (product: Product, quantity: number) => importedQuantity(product, quantity);

export function ImportConfirm({
  candidates,
  busy,
  onConfirm,
}: {
  candidates: ImportCandidate[];
  busy: boolean;
  onConfirm(lines: ConfirmedLine[]): void;
}) {
  const matches = useImportMatches(candidates);
  // The shopper's picks by line; a line not picked yet takes its best guess.
  const [picked, setPicked] = useState<Record<number, number | null>>({});
  const choiceOf = (index: number): number | null => {
    if (index in picked) return picked[index] ?? null;
    const found = matches[index];
    if (!found) return null;
    const preferred = candidates[index]?.productId;
    return found.find((p) => p.id === preferred)?.id ?? found[0]?.id ?? null;
  };
  const searching = matches.some((m) => m === undefined);
  const chosen = candidates.flatMap((candidate, index): ConfirmedLine[] => {
    // Nothing found: the line still reaches the list, as written (issue 49), not dropped.
    if (matches[index]?.length === 0) {
      const text = asWrittenItem(candidate.text);
      return text ? [{ text, quantity: countOf(candidate.quantity) }] : [];
    }
    const product = matches[index]?.find((p) => p.id === choiceOf(index));
    return product ? [{ product, quantity: quantityFor(product, candidate.quantity) }] : [];
  });

  return (
    <div className="flex flex-col">
      <ol className="divide-y divide-stone-200">
        {candidates.map((candidate, index) => (
          <li key={candidate.productId ?? candidate.text} className="p-4">
            <fieldset>
              <legend className="mb-2 font-semibold">
                {candidate.text}{' '}
                <span className="tabular font-normal text-stone-600">× {candidate.quantity}</span>
              </legend>
              {matches[index] === undefined && <p className="text-sm text-stone-600">Searching…</p>}
              {matches[index]?.length === 0 && (
                <p className="text-sm text-stone-600">No match found; it will be added as written.</p>
              )}
              {matches[index]?.map((product) => (
                <label key={product.id} className="flex min-h-11 items-center gap-3 py-1">
                  <input
                    type="radio"
                    name={`import-${index}`}
                    className="size-5 accent-flax-600"
                    checked={choiceOf(index) === product.id}
                    onChange={() => setPicked({ ...picked, [index]: product.id })}
                  />
                  <span className="min-w-0 flex-1">
                    {[product.brand, product.name].filter(Boolean).join(' ')}
                    {product.displayUnits && (
                      <span className="text-stone-600"> · {product.displayUnits}</span>
                    )}
                  </span>
                  {product.bestPrice !== null && (
                    <span className="tabular text-sm font-semibold">{formatMoney(product.bestPrice)}</span>
                  )}
                </label>
              ))}
              {(matches[index]?.length ?? 0) > 0 && (
                <label className="flex min-h-11 items-center gap-3 py-1 text-stone-700">
                  <input
                    type="radio"
                    name={`import-${index}`}
                    className="size-5 accent-flax-600"
                    checked={choiceOf(index) === null}
                    onChange={() => setPicked({ ...picked, [index]: null })}
                  />
                  Skip
                </label>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      {searching && <DelayedSpinner label="Finding matches" />}
      <div className="sticky bottom-0 border-t border-stone-200 bg-white p-4 pb-[calc(1rem+var(--spacing-safe-bottom))]">
        <Button
          className="w-full"
          busy={busy}
          disabled={searching || chosen.length === 0}
          onClick={() => onConfirm(chosen)}
        >
          Add {chosen.length} item{chosen.length === 1 ? '' : 's'} to shopping list
        </Button>
      </div>
    </div>
  );
}
