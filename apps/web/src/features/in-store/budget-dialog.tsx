// Setting (or clearing) the household's weekly budget, in dollars.
import { useState } from 'react';
import { Modal } from '../../components/ui/modal.js';
import { TextInput } from '../../components/ui/text-input.js';
import { parseBudget } from './trip-logic.js';

export function BudgetDialog({
  current,
  onSave,
  onClose,
}: {
  current: number | null;
  onSave(cents: number | null): void;
  onClose(): void;
}) {
  const [text, setText] = useState(current === null ? '' : (current / 100).toFixed(2));
  const [error, setError] = useState<string | undefined>();
  const save = () => {
    const parsed = parseBudget(text);
    if (parsed !== null && typeof parsed === 'object') {
      setError(parsed.error);
      return;
    }
    onSave(parsed);
    onClose();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Weekly budget" onSave={save}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextInput
          label="Weekly budget ($)"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          error={error}
          hint="Leave it empty to have no budget."
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </Modal>
  );
}
