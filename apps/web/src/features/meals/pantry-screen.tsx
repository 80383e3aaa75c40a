// /w/meals/pantry: what the household already has, counted as on the shopping list (packs, or kg
// in the product's steps); taken off when the week's meals go on the list.
import { formatQuantity, type PantryItem, stepQuantity } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/page-header.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { pantryQuery, refreshMeals, removeFromPantry, setPantry } from './meals-api.js';
import { ErrorText, MealsTabs } from './meals-parts.js';
import { ProductPicker } from './product-picker.js';

function PantryRow({ item, onError }: { item: PantryItem; onError(error: unknown): void }) {
  const set = async (quantity: number) => {
    try {
      if (quantity < item.minimumQuantity - 1e-9) await removeFromPantry(item.productId);
      else await setPantry(item.productId, quantity);
      await refreshMeals('pantry');
    } catch (caught) {
      onError(caught);
    }
  };
  return (
    <li className="flex min-h-16 items-center gap-2 px-4 py-2">
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.name}</span>
        <span className="block text-sm text-stone-600">
          {[item.brand, item.displayUnits].filter(Boolean).join(' · ')}
        </span>
      </span>
      <Button
        variant="bare"
        aria-label={`One less ${item.name}`}
        className="rounded-full border border-stone-300 p-2"
        onClick={() => set(stepQuantity(item.quantity, item.minimumIncrement, -1))}
      >
        <Minus aria-hidden="true" className="size-4" />
      </Button>
      <span className="w-14 text-center font-semibold">{formatQuantity(item, item.quantity)}</span>
      <Button
        variant="bare"
        aria-label={`One more ${item.name}`}
        className="rounded-full border border-stone-300 p-2"
        onClick={() => set(stepQuantity(item.quantity, item.minimumIncrement, 1))}
      >
        <Plus aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="bare"
        aria-label={`Take ${item.name} out of the pantry`}
        className="rounded-full p-2 text-stone-500 hover:bg-stone-100"
        onClick={async () => {
          await removeFromPantry(item.productId);
          await refreshMeals('pantry');
        }}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

export function PantryScreen() {
  const pantry = useQuery(pantryQuery());
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="pb-28">
      <PageHeader title="Pantry">
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-5" />
          Add
        </Button>
      </PageHeader>
      <MealsTabs />
      <p className="mx-4 mb-3 text-stone-700">
        What you have at home is taken off when the week goes on the shopping list.
      </p>
      {adding ? (
        <ProductPicker
          label="Add to the pantry"
          initial=""
          onCancel={() => setAdding(false)}
          onPick={async (product) => {
            try {
              await setPantry(product.id, product.minimumQuantity);
              setAdding(false);
              await refreshMeals('pantry');
            } catch (caught) {
              setError(caught);
            }
          }}
        />
      ) : null}
      {pantry.isPending ? <DelayedSpinner /> : null}
      <ErrorText error={pantry.error ?? error} />
      {pantry.data?.length === 0 && !adding ? (
        <p className="mx-4 rounded-2xl border border-dashed border-stone-300 px-6 py-8 text-center text-stone-600">
          The pantry is empty.
        </p>
      ) : null}
      {pantry.data?.length ? (
        <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
          {pantry.data.map((item) => (
            <PantryRow key={item.productId} item={item} onError={setError} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
