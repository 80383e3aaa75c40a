// buildApp: plugins, then modules. Tests build it in-process over a real database; server.ts
// builds it once and listens.
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { useOpsLogger } from './lib/ops-log.js';
import { signInPolicy } from './modules/access/sign-in-policy.js';
import { benchPayloadRoutes } from './modules/health/bench-payload.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { identityService } from './modules/identity/identity.service.js';
import { serverModules } from './modules/index.js';
import { initRoutes } from './modules/init/init.routes.js';
import { clientLimitKey, clientLimitsStore } from './modules/limits/client-limits-store.js';
import { registerAccessLog } from './plugins/access-log.js';
import { registerAuthentication } from './plugins/authentication.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerMetricsRoute } from './plugins/metrics-route.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRequestHygiene, requestIdFor } from './plugins/request-hygiene.js';
import { responseSerializer } from './plugins/response-serializer.js';
import { watchRouteDeclarations } from './plugins/route-changes.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTimezoneHeader } from './plugins/timezone.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerWriteRateLimit } from './plugins/write-rate-limit.js';

export interface BuildOptions {
  /** Folder of the built web app; null serves the API only. */
  webRoot?: string | null;
  logger?: boolean;
  /** Where log lines go (default stdout); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * A kept-alive connection is closed (Connection: close on the answer) after this many requests,
 * as nginx does (keepalive_requests). With KETE_WORKERS every worker accepts from the one
 * listening socket, and a burst of connections can all land on whichever worker woke first while
 * the other core idles (the bench saw 1.17 and 0.04 cores busy); a client that reconnects is
 * accepted by the worker with time to accept, so the load evens out within seconds. A reconnect on
 * a kept-alive link costs a phone one round trip in a hundred requests.
 */
export const REQUESTS_PER_CONNECTION = 100;

/** LOG_FORMAT=json: pino's lines (one JSON object each); pretty: pino-pretty, for a terminal. */
function loggerOptions(config: Config, stream: NodeJS.WritableStream | undefined) {
  if (stream) return { level: config.logLevel, stream };
  if (config.logFormat === 'pretty')
    return {
      level: config.logLevel,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } },
    };
  return { level: config.logLevel };
}

/** Believe the nearest `hops` proxies (Fastify's types take this as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(ctx.config, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    maxRequestsPerSocket: REQUESTS_PER_CONNECTION,
    // Behind a load balancer the client address comes from X-Forwarded-For (KETE_TRUST_PROXY).
    trustProxy:
      typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    // Validated before it reaches the logs (plugins/request-hygiene.ts).
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Fastify's two lines per request (incoming, completed) give way to one access line with
    // the route pattern (plugins/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  if (options.logger !== false) useOpsLogger(app.log as Logger);
  registerAccessLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  watchRouteDeclarations(app);

  registerSecurityHeaders(app);
  await registerCompression(app);
  // Per client address, counted in the database (modules/limits/client-limits-store.ts).
  await app.register(rateLimit, {
    global: false,
    store: clientLimitsStore(ctx),
    keyGenerator: clientLimitKey,
  });
  registerTimezoneHeader(app);

  await registerOpenApi(app);

  const identity = identityService(ctx, signInPolicy(ctx));
  registerAuthentication(app, ctx, identity.accessTokens);
  registerWriteRateLimit(app, ctx);
  registerRequestHygiene(app, ctx);

  await app.register(async (api) => {
    await healthRoutes(api, ctx);
    if (ctx.config.benchRoutes) await benchPayloadRoutes(api);
    await identityRoutes(api, identity, ctx.config);
    await initRoutes(api, ctx);
    for (const module of serverModules) await module.routes?.(api, ctx);
  });

  registerMetricsRoute(app, ctx);
  await registerWebApp(app, options.webRoot ?? null);
  return app;
}
