// One load run with autocannon, timing every response ourselves so p95 can be reported.
import autocannon from 'autocannon';
import { REQUESTS_PER_CONNECTION } from '../app.js';

export interface LoadFigures {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** Mean size of an answer, headers included (bytes). */
  meanBytes: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface LoadRequest {
  method: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Changes each request before it is sent (e.g. a new search text every time). */
  setupRequest?: (request: RequestShape) => RequestShape;
}
export type RequestShape = Omit<LoadRequest, 'setupRequest'>;

export async function load(
  name: string,
  url: string,
  token: string,
  requests: LoadRequest[],
  options: { connections: number; seconds: number },
): Promise<LoadFigures> {
  const times: number[] = [];
  let bytes = 0;
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${token}` },
    requests,
    // The server ends a kept-alive connection after REQUESTS_PER_CONNECTION requests (app.ts), and
    // a browser then reconnects; autocannon does not follow Connection: close, so it reconnects
    // by itself before the server would: its new connection goes to the worker with time to accept.
    reconnectRate: Math.floor(REQUESTS_PER_CONNECTION / 2),
  });
  instance.on('response', (_client: unknown, _status: number, size: number, ms: number) => {
    times.push(ms);
    bytes += size;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.total / result.duration),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    failures: result.non2xx + result.errors,
    meanBytes: times.length ? bytes / times.length : 0,
  };
}

export const formatLoad = (f: LoadFigures) =>
  `${f.name.padEnd(18)} ${String(f.perSecond).padStart(6)} req/s   p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms   (${f.requests} requests, ${f.failures} failed)`;
