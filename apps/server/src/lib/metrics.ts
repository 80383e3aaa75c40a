// What an operator graphs (issue 48 item 2, decision 0026), in prom-client's default registry: one
// set per process. GET /metrics on the public port (KETE_METRICS=1) answers the process that took
// the request; KETE_METRICS_PORT answers all of them summed (serveMetricsPort), except the
// database-wide gauges (stale stores, open reports), which every process reads alike: the largest
// is kept, not the sum.
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';

export const metricsRegistry = register;

let defaultsStarted = false;
/** Event-loop lag, heap, RSS, GC: prom-client's process metrics, once per process. */
export function startProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
}

export const requestDuration = new Histogram({
  name: 'kete_http_request_duration_seconds',
  help: 'Time to answer a request, by route pattern (never the raw path) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const pushesTotal = new Counter({
  name: 'kete_pushes_total',
  help: 'Web pushes posted to push services, by outcome (sent, gone, failed)',
  labelNames: ['outcome'] as const,
});

export const importsTotal = new Counter({
  name: 'kete_imports_total',
  help: 'Price feeds ingested (kete ingest, refresh) and recipes imported, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
});

export const refreshRunsTotal = new Counter({
  name: 'kete_refresh_runs_total',
  help: 'Price refresh runs, by outcome (ok, failed, skipped)',
  labelNames: ['outcome'] as const,
});

export const signInsTotal = new Counter({
  name: 'kete_sign_ins_total',
  help: 'Sign-in codes requested, sign-ins that succeeded, and wrong or dead passcodes',
  labelNames: ['outcome'] as const,
});

export const plansInFlight = new Gauge({
  name: 'kete_plans_in_flight',
  help: 'Cheapest-trip plans being worked out now',
});

/** Readers of numbers that live elsewhere (the live streams, the PostgreSQL pool, the database). */
export interface GaugeSources {
  liveStreams?: () => number;
  pool?: () => { inUse: number; waiting: number; total: number };
  /** Cached reads of the database (a full count costs up to seconds at NZ scale). */
  staleStores?: () => Promise<number>;
  openReports?: () => Promise<number>;
}
const sources: GaugeSources = {};
/** Later calls add or replace sources (the events module adds the live streams). */
export function watchGauges(more: GaugeSources): void {
  Object.assign(sources, more);
}

new Gauge({
  name: 'kete_live_streams',
  help: 'Live update streams (server-sent events) open in this process',
  collect() {
    this.set(sources.liveStreams?.() ?? 0);
  },
});

new Gauge({
  name: 'kete_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, waiting requests, total); absent on SQLite',
  labelNames: ['state'] as const,
  collect() {
    const pool = sources.pool?.();
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.inUse);
    this.set({ state: 'waiting' }, pool.waiting);
    this.set({ state: 'total' }, pool.total);
  },
});

new Gauge({
  name: 'kete_stale_stores',
  help: 'Stores whose newest price is older than KETE_STALE_DAYS (database-wide)',
  aggregator: 'max',
  async collect() {
    if (sources.staleStores) this.set(await sources.staleStores());
  },
});

new Gauge({
  name: 'kete_open_price_reports',
  help: "Shoppers' wrong-price reports not yet resolved (database-wide)",
  aggregator: 'max',
  async collect() {
    if (sources.openReports) this.set(await sources.openReports());
  },
});

/**
 * KETE_METRICS_PORT: GET /metrics on a port of its own, for the scraper only. With KETE_WORKERS the
 * primary answers every worker's numbers summed (prom-client's AggregatorRegistry asks each over
 * IPC; the database-wide gauges keep their largest, not their sum); in one process, its own.
 */
export function serveMetricsPort(port: number, host: string, acrossWorkers: boolean): Promise<Server> {
  const aggregator = acrossWorkers ? new AggregatorRegistry() : undefined;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || !/^\/metrics(\?|$)/.test(request.url ?? '')) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify({ message: 'Not found.' }));
      return;
    }
    (aggregator ? aggregator.clusterMetrics() : register.metrics()).then(
      (text) => {
        response.writeHead(200, { 'content-type': register.contentType });
        response.end(text);
      },
      (error: unknown) => {
        response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({ message: `Metrics are not available just now: ${(error as Error).message}` }),
        );
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** In a cluster worker: answer the primary's requests for this process's metrics. */
export function answerPrimaryForMetrics(): void {
  new AggregatorRegistry();
}
