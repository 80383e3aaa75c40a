// Being in a workspace (issues 32 and 37): a grant is an invitation the person accepts or declines
// before the workspace joins their switcher, and a Shared member can leave. What both sides say
// about it is here, so the server's answers and the app's screens use the same words.
import { z } from 'zod';
import { sharedNameOf } from './text.js';

/** A workspace someone shared with this user, waiting for their answer (init/start, init/switch). */
export const ZInvitation = z.object({
  shortCode: z.string(),
  sharedName: z.string().nullable(),
  /** The display name of the Owner who shared it. */
  invitedBy: z.string(),
  /** The Owner's display name: the list is shown as theirs ("Aroha's Kete") until they name it.
   * Optional: invitations kept on a phone by an older version lack it. */
  ownerName: z.string().optional(),
});
export type Invitation = z.infer<typeof ZInvitation>;

/** 'Aroha shared "Ngā Kete" with you' */
export const invitationHeadline = (invitation: Invitation) =>
  `${invitation.invitedBy} shared "${sharedNameOf(invitation)}" with you`;

/**
 * The 403 a workspace route answers to someone who is not (or no longer) its member. The app
 * knows by this message that the workspace is gone for this user and forgets what it kept of it.
 */
export const NOT_A_MEMBER_MESSAGE = 'You do not have access to this shopping list.';

export const membershipMessages = {
  ownerCannotLeave: 'This is your own shopping list, so you cannot leave it.',
};
