// Under a search (issue 49 item 2): when no product fits, what was typed goes on the shopping list
// as written ('Add "garlic" as written'), a free-text item with no product or price.
import { cleanItemText, TEXT_ITEM_MAX_LENGTH } from '@kete/shared';
import { useQueryClient } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { showRefusal } from '../caps/show-refusal.js';
import { addTextItem, cartQueryKey } from '../cart/api/cart-api.js';

export function AddAsWritten({ text }: { text: string }) {
  const queryClient = useQueryClient();
  const written = cleanItemText(text);
  const [added, setAdded] = useState<string | null>(null);
  if (written === '' || written.length > TEXT_ITEM_MAX_LENGTH) return null;
  return (
    <div className="px-4 py-3">
      <Button
        variant="secondary"
        className="w-full"
        onClick={async () => {
          try {
            await addTextItem(written);
            setAdded(written);
            await queryClient.invalidateQueries({ queryKey: cartQueryKey });
          } catch (error) {
            showRefusal(error);
          }
        }}
      >
        <PenLine aria-hidden="true" className="size-4" />
        Add "{written}" as written
      </Button>
      <p role="status" className="mt-2 text-center text-sm text-stone-600">
        {added === written ? `"${written}" is on the shopping list.` : ''}
      </p>
    </div>
  );
}
