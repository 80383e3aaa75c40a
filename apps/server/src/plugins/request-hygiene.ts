// Small hardening for every API request (issue 10): answers are never cached, a client's request
// id reaches the logs only if it looks like one, and a forwarding header that is being ignored
// is reported so a misconfigured proxy is noticed.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import type { AppContext } from '../app-context.js';
import { HOUR } from '../lib/clock.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: the client's X-Request-Id when it is short and plain (so a proxy's id ties
 * log lines together), else a new one. Anything else could forge or break log lines.
 */
export function requestIdFor(request: RawRequestDefaultExpression): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

export const forwardedWarning =
  'X-Forwarded-For arrived but KETE_TRUST_PROXY is off, so it is ignored and every client behind ' +
  'the proxy shares one address for rate limits. Set KETE_TRUST_PROXY if Kete runs behind a proxy.';

export function registerRequestHygiene(app: FastifyInstance, ctx: AppContext) {
  // API answers hold someone's shopping list: no browser or proxy cache may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });

  if (ctx.config.trustProxy === false) {
    let warnedAt = Number.NEGATIVE_INFINITY;
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-forwarded-for'] === undefined) return;
      // Once an hour at most: every request behind such a proxy carries the header.
      const now = ctx.clock.now();
      if (now - warnedAt < HOUR) return;
      warnedAt = now;
      request.log.warn(forwardedWarning);
    });
  }
}
