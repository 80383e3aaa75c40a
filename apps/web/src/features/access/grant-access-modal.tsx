// 'Grant access': one Email field; the server's message shows on the field, and the modal closes
// on success. Below it, who already has access, each with a way to take it back. 'Save' (and Enter)
// send one request at a time: Save stays disabled while it runs. At the access-grants cap the
// field and Save are off and the cap's message says why (near it, how many addresses).
import { canGrantAccess, capState } from '@kete/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { confirmAction } from '../../components/ui/action-toast.js';
import { Form } from '../../components/ui/form.js';
import { Modal } from '../../components/ui/modal.js';
import { TextInput } from '../../components/ui/text-input.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { CapNotice } from '../caps/cap-notice.js';
import { AccessGrants } from './access-grants.js';
import { accessGrantsQuery, grantAccess } from './api/access-api.js';

export function GrantAccessModal({ open, onClose }: { open: boolean; onClose(): void }) {
  // Only where the server allows it (e.g. not after switching into someone else's workspace):
  // its Owner-only calls must never send a Shared member to /e/403.
  const allowed = useWorkspaceStore((s) =>
    s.data ? canGrantAccess({ features: s.data.member.features, accessLevel: s.accessLevel }) : false,
  );
  const shortCode = useWorkspaceStore((s) => s.data?.workspace.shortCode ?? '');
  const queryClient = useQueryClient();
  const grants = useQuery({ ...accessGrantsQuery(shortCode), enabled: open && allowed });
  const cap = capState(grants.data?.length ?? 0, 'accessGrants');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setEmail('');
      setError(undefined);
    }
  }, [open]);
  const grant = useMutation({
    mutationFn: (address: string) => grantAccess(shortCode, address),
    onSuccess: (_grant, address) => {
      void queryClient.invalidateQueries(accessGrantsQuery(shortCode));
      onClose();
      // The modal closing alone said nothing (issue 37 item 5).
      confirmAction(`Access granted to ${address.trim()}`);
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && !failure.routed) {
        setError(failure.fieldError('email') ?? failure.message);
      }
    },
  });

  const save = () => {
    if (grant.isPending || cap.atCap) return;
    setError(undefined);
    return grant.mutateAsync(email);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save()?.catch(() => undefined);
  };

  return (
    <Modal
      open={open && allowed}
      onOpenChange={(next) => !next && onClose()}
      title="Grant access"
      onSave={save}
      saveDisabled={grant.isPending || cap.atCap}
    >
      {open && allowed && (
        <>
          <Form onSubmit={submit} className="space-y-3">
            <p className="text-stone-700">
              They get an invitation to this shopping list, and can use it once they accept it.
            </p>
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              placeholder="name@example.co.nz"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
              disabled={grant.isPending || cap.atCap}
            />
            <CapNotice cap={cap} />
          </Form>
          <AccessGrants shortCode={shortCode} />
        </>
      )}
    </Modal>
  );
}
