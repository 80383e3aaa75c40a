// Granting access sends an e-mail, so it is rate-limited: per Owner an hour and a day (429), and
// the note to one address at most once per cooldown per workspace, and a few times a day from all
// workspaces together. Revoking and granting again still works; it just sends no second note.
import { GRANT_MAIL_COOLDOWN_HOURS, GRANTS_PER_OWNER_PER_DAY, GRANTS_PER_OWNER_PER_HOUR } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { DAY, HOUR } from '../../lib/clock.js';
import { tooManyRequests } from '../../lib/http-error.js';
import { rateLimits } from './rate-limits.js';

/** Grant notes one address may receive a day, from every workspace together. */
export const GRANT_MAILS_PER_RECIPIENT_PER_DAY = 3;

export const grantLimitMessages = {
  hour: 'You have shared this shopping list with many addresses in the last hour. Please try again later.',
  day: 'You have shared this shopping list with many addresses today. Please try again tomorrow.',
};

export function grantLimits(ctx: AppContext) {
  const limits = rateLimits(ctx.db);
  return {
    /** Counts one grant by this Owner, refused (429) past the hourly or the daily limit. */
    async countGrant(ownerId: number): Promise<void> {
      const now = ctx.clock.now();
      if ((await limits.hit(`grants-hour:${ownerId}`, HOUR, now)) > GRANTS_PER_OWNER_PER_HOUR) {
        throw tooManyRequests(grantLimitMessages.hour);
      }
      if ((await limits.hit(`grants-day:${ownerId}`, DAY, now)) > GRANTS_PER_OWNER_PER_DAY) {
        throw tooManyRequests(grantLimitMessages.day);
      }
    },

    /** Whether the note about this grant may be e-mailed now; counts it if so. */
    async mayMail(workspaceId: number, email: string): Promise<boolean> {
      const now = ctx.clock.now();
      const cooldown = GRANT_MAIL_COOLDOWN_HOURS * HOUR;
      if ((await limits.hit(`grant-mail:${workspaceId}:${email}`, cooldown, now)) > 1) return false;
      return (await limits.hit(`grant-mail-to:${email}`, DAY, now)) <= GRANT_MAILS_PER_RECIPIENT_PER_DAY;
    },
  };
}
