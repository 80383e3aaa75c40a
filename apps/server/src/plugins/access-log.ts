// One access line per request at info (issue 48 item 3): method, route pattern, status, ms and the
// worker, with the request id that X-Request-Id echoes. The route's pattern, never the raw path or
// query, so no e-mail address, token or search text reaches the log; the same numbers feed the
// request-duration histogram of GET /metrics.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { requestDuration } from '../lib/metrics.js';

/** 0 for a single process, else node's cluster worker id. */
const worker = cluster.worker?.id ?? 0;

export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched requests share one label: a stranger's random paths must not grow the metrics.
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const status = reply.statusCode;
    requestDuration.observe({ method: request.method, route, status: String(status) }, ms / 1000);
    request.log.info({ method: request.method, route, status, ms, worker }, 'request');
  });
}
