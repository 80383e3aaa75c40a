// The 'Create list' and 'Edit' dialogs: one 'List name' field; the server's errors.name.message
// shows on the field, any other failure above it. No client-side rule (spec section 5).
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Form } from '../../components/ui/form.js';
import { Modal } from '../../components/ui/modal.js';
import { TextInput } from '../../components/ui/text-input.js';
import { ApiRequestError } from '../../lib/api-errors.js';

export interface ListNameDialogProps {
  title: 'Create list' | 'Edit';
  initialName?: string;
  onSave(name: string): Promise<void>;
  onClose(): void;
}

export function ListNameDialog({ title, initialName = '', onSave, onClose }: ListNameDialogProps) {
  const [name, setName] = useState(initialName);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [generalError, setGeneralError] = useState<string>();

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setFieldError(undefined);
    setGeneralError(undefined);
    try {
      await onSave(name);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.routed) return;
      const onField = error instanceof ApiRequestError ? error.fieldError('name') : undefined;
      if (onField) setFieldError(onField);
      else setGeneralError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} onSave={save} saveDisabled={busy}>
      <Form onSubmit={save} className="space-y-3">
        {generalError && <Alert kind="danger">{generalError}</Alert>}
        <TextInput
          label="List name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
          autoFocus
        />
      </Form>
    </Modal>
  );
}
