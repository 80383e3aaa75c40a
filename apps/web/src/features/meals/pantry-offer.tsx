// In-store mode (issue 34): after an item is ticked into the trolley, an offer to put it in the
// pantry, so the next week's meals take it off. A row in in-store mode's header (never over the
// list), for the last item ticked.
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { queryClient } from '../../lib/query-client.js';
import { pantryQuery, refreshMeals, setPantry } from './meals-api.js';

export interface PantryOfferItem {
  productId: number;
  name: string;
  quantity: number;
}

export function PantryOffer({ item, onDone }: { item: PantryOfferItem | null; onDone(): void }) {
  // What was saved, for which product: a newer tick offers afresh.
  const [savedFor, setSavedFor] = useState<{ productId: number; text: string } | null>(null);
  if (!item) return null;
  const saved = savedFor?.productId === item.productId ? savedFor.text : null;
  return (
    <div
      role="status"
      className="mx-2 flex items-center gap-2 rounded-xl border border-stone-200 bg-stone-50 px-3 py-1"
    >
      <p className="min-w-0 flex-1 truncate text-sm">{saved ?? item.name}</p>
      {saved ? null : (
        <Button
          variant="secondary"
          onClick={async () => {
            // On top of what the pantry already holds of it.
            const held = (await queryClient.fetchQuery(pantryQuery()).catch(() => [])).find(
              (p) => p.productId === item.productId,
            );
            await setPantry(item.productId, (held?.quantity ?? 0) + item.quantity);
            await refreshMeals('pantry');
            setSavedFor({ productId: item.productId, text: `${item.name} is in the pantry.` });
          }}
        >
          Put in the pantry
        </Button>
      )}
      <Button variant="ghost" onClick={onDone}>
        {saved ? 'OK' : 'No'}
      </Button>
    </div>
  );
}
