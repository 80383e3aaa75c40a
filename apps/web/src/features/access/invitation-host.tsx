// Home offers each waiting invitation in turn (invitation-sheet.tsx, loaded when there is one).
// 'Not now' puts one aside until the next start-up; the store intro waits while one is offered.
import type { Invitation } from '@kete/shared';
import { Suspense } from 'react';
import { create } from 'zustand';
import { lazyDialog } from '../../components/ui/lazy-dialog.js';
import { onAppReset } from '../../lib/reset-app-state.js';
import { useWorkspaceStore } from '../../lib/workspace-store.js';

const InvitationSheet = lazyDialog(() => import('./invitation-sheet.js').then((m) => m.InvitationSheet));

const useLater = create<{ later: readonly string[]; putAside(shortCode: string): void }>()((set) => ({
  later: [],
  putAside: (shortCode) => set((state) => ({ later: [...state.later, shortCode] })),
}));
onAppReset(() => useLater.setState({ later: [] }));

/** The invitation home offers now, if any. */
export function useOfferedInvitation(): Invitation | undefined {
  const invitations = useWorkspaceStore((s) => s.data?.invitations);
  const later = useLater((s) => s.later);
  return invitations?.find((invitation) => !later.includes(invitation.shortCode));
}

export function InvitationHost() {
  const invitation = useOfferedInvitation();
  const putAside = useLater((s) => s.putAside);
  if (!invitation) return null;
  return (
    <Suspense fallback={null}>
      <InvitationSheet
        key={invitation.shortCode}
        invitation={invitation}
        onLater={() => putAside(invitation.shortCode)}
      />
    </Suspense>
  );
}
