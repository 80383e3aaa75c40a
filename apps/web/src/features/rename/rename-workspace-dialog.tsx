// The Owner renames the shared list (the switcher's sharedName) from the avatar menu:
// PUT /api/{shortCode}. The server's errors.sharedName.message shows on the field.
import { sharedNameOf, type WorkspaceRef } from '@kete/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert.js';
import { Form } from '../../components/ui/form.js';
import { Modal } from '../../components/ui/modal.js';
import { TextInput } from '../../components/ui/text-input.js';
import { api } from '../../lib/api-client.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

export const renameWorkspace = (shortCode: string, sharedName: string) =>
  api.request<WorkspaceRef>(`/api/${encodeURIComponent(shortCode)}`, { method: 'PUT', body: { sharedName } });

/** The start-up data with the renamed workspace, wherever it appears. */
function withRenamed(ref: WorkspaceRef) {
  useWorkspaceStore.getState().update((data) => ({
    ...data,
    workspace: data.workspace.shortCode === ref.shortCode ? ref : data.workspace,
    sharedWorkspaces: data.sharedWorkspaces.map((w) => (w.shortCode === ref.shortCode ? ref : w)),
  }));
}

export function RenameWorkspaceDialog({ onClose }: { onClose(): void }) {
  const workspace = useWorkspaceStore((s) => s.data?.workspace);
  const [name, setName] = useState(() => (workspace ? sharedNameOf(workspace) : ''));
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [generalError, setGeneralError] = useState<string>();

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (busy || !workspace) return;
    setBusy(true);
    setFieldError(undefined);
    setGeneralError(undefined);
    try {
      withRenamed(await renameWorkspace(workspace.shortCode, name));
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.routed) return;
      const onField = error instanceof ApiRequestError ? error.fieldError('sharedName') : undefined;
      if (onField) setFieldError(onField);
      else setGeneralError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Rename shared list"
      onSave={() => void save()}
      saveDisabled={busy}
    >
      <Form onSubmit={save} className="space-y-3">
        {generalError && <Alert kind="danger">{generalError}</Alert>}
        <TextInput
          label="Shared list name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
          autoFocus
        />
      </Form>
    </Modal>
  );
}
