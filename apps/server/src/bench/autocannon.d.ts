// The small part of autocannon (no published types) the benchmark uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: Request[];
    /** Reconnect after this many requests on a connection. */
    reconnectRate?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    duration: number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {}
  function autocannon(options: Options): Instance;
  export default autocannon;
}
