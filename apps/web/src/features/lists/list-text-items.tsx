// A named list's items written in with no product (issue 49 item 2): listed under its products,
// each with a cross to take it off, and a field to write one more. 'Add to shopping list' brings
// them along (the server does).
import { TEXT_ITEM_MAX_LENGTH } from '@kete/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PenLine, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { TextInput } from '../../components/ui/text-input.js';
import { refusalMessage } from '../caps/show-refusal.js';
import { addTextToList, listProductsKey, listTextItemsQuery, removeTextFromList } from './api/lists-api.js';
import { recountLists } from './workspace-lists.js';

export function ListTextItems({ listId }: { listId: number }) {
  const queryClient = useQueryClient();
  const items = useQuery(listTextItemsQuery(listId)).data ?? [];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A written item is a line of the list: the lists screen's count follows (as for products).
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: listProductsKey(listId) });
    recountLists();
  };
  const add = async () => {
    try {
      await addTextToList(listId, text);
      setText('');
      setError(undefined);
      await refresh();
    } catch (failure) {
      setError(refusalMessage(failure) ?? undefined);
    }
  };
  return (
    <div className="mt-4">
      {items.length > 0 && (
        <ul
          aria-label="Written in"
          className="-mx-4 mb-3 divide-y divide-stone-200 border-y border-stone-200"
        >
          {items.map((item) => (
            <li key={item.id} className="flex min-h-14 items-center gap-3 px-4">
              <PenLine aria-hidden="true" className="size-5 shrink-0 text-stone-500" />
              <span className="min-w-0 flex-1 break-words">{item.text}</span>
              <span className="tabular text-stone-600">× {item.quantity}</span>
              <Button
                variant="bare"
                aria-label={`Remove ${item.text}`}
                onClick={async () => {
                  await removeTextFromList(listId, item.id);
                  await refresh();
                }}
                className="-mr-2 flex size-11 items-center justify-center rounded-full hover:bg-stone-100"
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextInput
          className="flex-1"
          label="Write an item"
          placeholder="birthday candles"
          value={text}
          maxLength={TEXT_ITEM_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" disabled={text.trim() === ''}>
          Add
        </Button>
      </form>
    </div>
  );
}
