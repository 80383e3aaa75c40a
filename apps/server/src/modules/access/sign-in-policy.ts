// Called by the identity service once a sign-in code has been checked, before the session is
// issued: it decides whether the address may use Kete, and turns waiting grants into memberships.
import type { AppContext } from '../../app-context.js';
import { forbidden } from '../../lib/http-error.js';
import type { SignInPolicy } from '../identity/identity.service.js';
import { findOrCreateAccount } from '../users/accounts.js';
import { applyGrants } from './access-grants.service.js';
import { mayJoinKete } from './access-requests.js';

// The code screen shows this with a 'Request access' button (POST /api/access): asking is the
// shopper's choice, so a refused sign-in itself records nothing (issue 9).
export const inviteOnlyMessage =
  'Kete is open by invitation only at the moment, and this address has not been invited yet.';

export function signInPolicy(ctx: AppContext): SignInPolicy {
  return async (email) => {
    const now = ctx.clock.now();
    if (!(await mayJoinKete(ctx, email))) throw forbidden(inviteOnlyMessage);
    // The account is created here rather than just after (findOrCreateAccount finds it then), so
    // that an address granted access before it had an account is a member on its first sign-in.
    await findOrCreateAccount(ctx.db, email, ctx.config.defaultFeatures, now);
    await applyGrants(ctx.db, email, now);
  };
}
