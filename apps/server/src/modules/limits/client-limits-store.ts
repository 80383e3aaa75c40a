// The limits per client address on sign-in, refresh and access requests (each route's
// config.rateLimit) are kept in the database like every other limit, so they hold across server
// processes and machines (decision 0006; @fastify/rate-limit's own store counted per process, and
// two processes let 40 requests through a limit of 20). The plugin still decides, answers 429 and
// sets the headers; only its store is ours: each hit is one atomic upsert (rate-limits.ts), in a
// fixed window like the others.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { clientKey } from '../identity/client-key.js';
import { rateLimits } from './rate-limits.js';

/** The store @fastify/rate-limit builds once and hands to every route that sets config.rateLimit. */
export function clientLimitsStore(ctx: Pick<AppContext, 'db' | 'clock'>): FastifyRateLimitStoreCtor {
  const limits = rateLimits(ctx.db);
  return class ClientLimitsStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      const now = ctx.clock.now();
      limits.hit(`client:${key}`, timeWindow, now).then(
        (current) => callback(null, { current, ttl: timeWindow - (now % timeWindow) }),
        (error: Error) => callback(error),
      );
    }

    /** One table serves every route: the key already names the route's group. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Counted per client as sign-in codes are (an IPv6 client is its /64); the plugin appends the group. */
export const clientLimitKey = (request: FastifyRequest) => `${clientKey(request.ip)}:`;
