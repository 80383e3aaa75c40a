// Expired sign-in codes, refresh tokens and rate-limit windows are deleted periodically, so the
// tables a stranger can make grow (codes for any address) stay small.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HOUR, MINUTE } from '../../lib/clock.js';

export const PURGE_EVERY_MS = 10 * MINUTE;

export interface PurgeReport {
  codes: number;
  refreshTokens: number;
  rateLimits: number;
}

export async function purgeExpired(ctx: AppContext): Promise<PurgeReport> {
  const now = ctx.clock.now();
  // Codes are kept an hour past expiry: the codes-an-hour rule counts them.
  const codes = await ctx.db
    .deleteFrom('sign_in_codes')
    .where('expires_at', '<', now - HOUR)
    .executeTakeFirst();
  // An expired refresh token answers 401 whether it is there or not; a live revoked one stays,
  // as it is how reuse of a rotated token is noticed.
  const tokens = await ctx.db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
  const windows = await ctx.db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst();
  // Live streams of a process that died (modules/events/stream-leases.ts).
  await ctx.db.deleteFrom('live_streams').where('expires_at', '<', now).execute();
  return {
    codes: Number(codes.numDeletedRows),
    refreshTokens: Number(tokens.numDeletedRows),
    rateLimits: Number(windows.numDeletedRows),
  };
}

/** Runs the purge every PURGE_EVERY_MS while the app is up (each process; deleting is idempotent). */
export function schedulePurge(app: FastifyInstance, ctx: AppContext) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      purgeExpired(ctx).catch((err: unknown) => app.log.warn({ err }, 'purging expired rows failed'));
    }, PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
