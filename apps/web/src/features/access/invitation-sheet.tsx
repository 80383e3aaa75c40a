// 'Aroha shared "Ngā Kete" with you' (issues 32 and 37): a workspace shared with this person waits
// for their answer before it joins their switcher. Offered first thing on home, before the store
// intro: 'Open it' accepts and opens the shared list (whose stores are chosen already), 'Decline'
// says no, 'Not now' asks again at the next start. An outside click does not close it.
import { type Invitation, invitationHeadline, sharedNameOf } from '@kete/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.js';
import { ApiRequestError } from '../../lib/api-errors.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';
import { acceptInvitation, giveUpWorkspace } from './api/membership-api.js';

export interface InvitationSheetProps {
  invitation: Invitation;
  onLater(): void;
}

/** The invitation is no longer waiting (answered, or taken back by its Owner). */
function settle(shortCode: string) {
  useWorkspaceStore.getState().update((data) => ({
    ...data,
    invitations: (data.invitations ?? []).filter((i) => i.shortCode !== shortCode),
  }));
}

const takenBack = (error: unknown) => error instanceof ApiRequestError && error.status === 403;

export function InvitationSheet({ invitation, onLater }: InvitationSheetProps) {
  const navigate = useNavigate();
  const { shortCode } = invitation;
  const open = () =>
    acceptInvitation(shortCode).then(
      () => navigate(`/a/switch/${encodeURIComponent(shortCode)}`),
      (error: unknown) => {
        if (takenBack(error)) settle(shortCode);
      },
    );
  const decline = () =>
    giveUpWorkspace(shortCode).then(
      () => settle(shortCode),
      (error: unknown) => {
        if (takenBack(error)) settle(shortCode);
      },
    );
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onLater()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-stone-900/40" />
        <Dialog.Content
          aria-describedby="invitation-text"
          onInteractOutside={(event) => event.preventDefault()}
          className="dialog-panel fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-lg flex-col items-center gap-4 rounded-t-3xl sheet-surface px-6 pt-6 pb-[calc(1.5rem+var(--spacing-safe-bottom))] text-center shadow-xl sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <Users aria-hidden="true" className="size-12 text-flax-700" />
          <Dialog.Title className="text-xl font-semibold text-balance">
            {invitationHeadline(invitation)}
          </Dialog.Title>
          <p id="invitation-text" className="text-stone-700">
            Open it to share one shopping list with {invitation.invitedBy}: what one of you adds, the other
            sees. You can leave "{sharedNameOf(invitation)}" any time from the menu.
          </p>
          <Button className="w-full" onClick={open}>
            Open it
          </Button>
          <Button variant="secondary" className="w-full" onClick={decline}>
            Decline
          </Button>
          <Button variant="ghost" className="w-full" onClick={onLater}>
            Not now
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
