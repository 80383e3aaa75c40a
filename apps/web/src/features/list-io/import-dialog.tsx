// 'Import' (issue 13): paste lines or load a Kete export, confirm a match for each, and only then
// add them to the shopping list (POST /cart each; the server adds to what is already there).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Overlay } from '../../components/ui/overlay.js';
import { addTextItem, addToCart, cartQueryKey } from '../cart/api/cart-api.js';
import { bumpCartButton } from '../shell/cart-button-store.js';
import { type ConfirmedLine, ImportConfirm } from './import-confirm.js';
import { ImportSource } from './import-source.js';
import type { ImportCandidate } from './use-import-matches.js';

export function ImportDialog({ onClose, onDone }: { onClose(): void; onDone(added: number): void }) {
  const [candidates, setCandidates] = useState<ImportCandidate[] | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  async function add(lines: ConfirmedLine[]) {
    setBusy(true);
    let added = 0;
    for (const line of lines) {
      // One refusal (say, the most of a product already listed) does not stop the rest.
      const sent =
        'product' in line ? addToCart(line.product.id, line.quantity) : addTextItem(line.text, line.quantity);
      await sent.then(
        () => added++,
        () => undefined,
      );
    }
    await queryClient.invalidateQueries({ queryKey: cartQueryKey });
    if (added > 0) bumpCartButton();
    setBusy(false);
    onDone(added);
  }

  return (
    <Overlay
      open
      onOpenChange={(open) => !open && onClose()}
      title={candidates ? 'Confirm the matches' : 'Import a list'}
    >
      {candidates ? (
        <ImportConfirm candidates={candidates} busy={busy} onConfirm={(lines) => void add(lines)} />
      ) : (
        <ImportSource onLines={setCandidates} />
      )}
    </Overlay>
  );
}
