// A free-text item opened (issue 49 item 2): its words rewritten, or 'Choose a product' to find
// it in the catalogue (searched by its text) and put that product on the list in its place.
import { type Product, TEXT_ITEM_MAX_LENGTH, type TextItem } from '@kete/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { ModalDialog } from '../../components/ui/modal-dialog.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { TextInput } from '../../components/ui/text-input.js';
import { refusalMessage } from '../caps/show-refusal.js';
import { searchProducts } from '../products/api/products-api.js';
import { cartQueryKey, chooseProductFor, updateTextItem } from './api/cart-api.js';

const describe = (product: Product) =>
  [product.brand, product.name, product.displayUnits].filter(Boolean).join(' ');

function ProductChoices({ item, onChosen }: { item: TextItem; onChosen(): void }) {
  const found = useQuery({
    queryKey: ['text-item-choices', item.text],
    queryFn: () => searchProducts(item.text),
  });
  const [error, setError] = useState<string | null>(null);
  if (found.isPending) return <DelayedSpinner label="Searching" />;
  const products = (found.data ?? []).slice(0, 8);
  if (products.length === 0)
    return <p className="text-sm text-stone-600">No products found for these words.</p>;
  return (
    <>
      <ul aria-label="Products to choose from" className="divide-y divide-stone-200">
        {products.map((product) => (
          <li key={product.id}>
            <Button
              variant="bare"
              onClick={async () => {
                try {
                  await chooseProductFor(item.id, product.id);
                  onChosen();
                } catch (failure) {
                  setError(refusalMessage(failure) ?? 'Something went wrong.');
                }
              }}
              className="min-h-11 w-full px-1 py-2 text-left hover:bg-stone-100"
            >
              <span className="sr-only">Choose </span>
              {describe(product)}
            </Button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export function TextItemDialog({ item, onClose }: { item: TextItem; onClose(): void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.text);
  const [error, setError] = useState<string | undefined>();
  const [choosing, setChoosing] = useState(false);
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: cartQueryKey });
    onClose();
  };
  const save = async () => {
    try {
      await updateTextItem(item.id, { text });
      await done();
    } catch (failure) {
      setError(refusalMessage(failure) ?? 'Something went wrong.');
    }
  };
  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit item"
      onSave={save}
      saveDisabled={text.trim() === ''}
    >
      <TextInput
        label="What to buy"
        value={text}
        maxLength={TEXT_ITEM_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        error={error}
      />
      <div className="mt-4">
        {choosing ? (
          <>
            <h3 className="mb-1 text-sm font-semibold text-stone-700">Choose a product</h3>
            <ProductChoices item={item} onChosen={() => void done()} />
          </>
        ) : (
          <Button variant="secondary" className="w-full" onClick={() => setChoosing(true)}>
            Choose a product
          </Button>
        )}
      </div>
    </ModalDialog>
  );
}
