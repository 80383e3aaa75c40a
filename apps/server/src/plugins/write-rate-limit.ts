// Per-user writes a minute (KETE_WRITE_RATE_LIMIT, default WRITES_PER_USER_PER_MINUTE), counted in
// the database so the limit holds across server processes (in batches while far from it:
// modules/limits/batched-hits.ts). A household's real use never meets it; a script hammering the
// API gets 429 in the spec's error shape with Retry-After. What counts is what each route declares
// it changes (route-changes.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { MINUTE } from '../lib/clock.js';
import { tooManyRequests } from '../lib/http-error.js';
import { batchedHits } from '../modules/limits/batched-hits.js';
import { rateLimits } from '../modules/limits/rate-limits.js';
import { routeChanges } from './route-changes.js';

export const writeLimitMessage = 'You are making changes very quickly. Please wait a minute and try again.';

export function registerWriteRateLimit(app: FastifyInstance, ctx: AppContext) {
  const limits = rateLimits(ctx.db);
  // Counted in batches while far from the limit: a write then adds no database write of its own.
  const writes = batchedHits(limits, MINUTE);
  // preHandler: after authentication and validation, so only a signed-in user's valid writes count.
  app.addHook('preHandler', async (request, reply) => {
    // A route that only reads (a search, a plan: request bodies, not changes) is not counted: it
    // would cap a shopper's searches and add a database write to every one.
    if (!request.user || !routeChanges(request).changes) return;
    const now = ctx.clock.now();
    const hits = await writes.hit(`writes:${request.user.id}`, ctx.config.writeRateLimit, now);
    if (hits > ctx.config.writeRateLimit) {
      reply.header('retry-after', String(limits.retryAfterSeconds(MINUTE, now)));
      throw tooManyRequests(writeLimitMessage);
    }
  });
}
