// Called by the identity service once a sign-in code has been checked, before the session is
// issued: it decides whether the address may use Kete. Grants waiting for the address stay
// invitations: start-up offers them, and the person accepts or declines (decision 0017).
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/http-error.js';
import type { SignInPolicy } from '../identity/identity.service.js';
import { mayJoinKete } from './access-requests.js';

// The code screen shows this with a 'Request access' button (POST /api/access): asking is the
// shopper's choice, so a refused sign-in itself records nothing (issue 9).
export const inviteOnlyMessage =
  'Kete is open by invitation only at the moment, and this address has not been invited yet.';

export function signInPolicy(ctx: AppContext): SignInPolicy {
  return async (email) => {
    if (!(await mayJoinKete(ctx, email))) throw forbidden(inviteOnlyMessage);
  };
}
