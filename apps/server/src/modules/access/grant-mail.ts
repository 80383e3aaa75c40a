// The note to an address an Owner shared a workspace with. It says who shared which list, and
// that nothing happens until the person accepts. No text the Owner chose but the list's name and
// their own display name (made from their address), both cleaned (lib/mail-text.ts): Kete must not
// carry someone else's message, link or offer to an address they picked.
import { DEFAULT_SHARED_NAME, sharedNameOf } from '@kete/shared';
import { mailSafeName } from '../../lib/mail-text.js';
import type { User } from '../users/users.repository.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

export function grantMail(owner: User, workspace: Membership, publicUrl: string) {
  const who = mailSafeName(owner.displayName, 'A Kete user');
  // Shown to them as the Owner's until the Owner names it ("Aroha's Kete"), as in their app.
  const name = mailSafeName(
    sharedNameOf({ sharedName: workspace.sharedName, ownerName: owner.displayName }),
    DEFAULT_SHARED_NAME,
  );
  const link = `${publicUrl.replace(/\/+$/, '')}/login`;
  return {
    subject: `${who} shared a shopping list with you on Kete`,
    text: [
      `${who} shared the Kete shopping list "${name}" with you.`,
      '',
      `To accept or decline, sign in to Kete with this email address: ${link}`,
      '',
      'Nothing is shared with you until you accept. If you do not know who this is, decline it or ignore this email.',
    ].join('\n'),
  };
}
