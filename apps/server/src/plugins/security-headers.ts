// Security headers (CSP, HSTS, frame and sniffing rules) chosen by helmet, the well-kept library.
// @fastify/helmet rebuilt helmet's middleware on every request (CSP directives parsed each time:
// 11% of an init request's CPU in a profile, decision 0011). Kete's headers are the same for every
// answer (no CSP nonces), so helmet is asked once at start-up and its headers are set as they are.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'", 'blob:'],
    },
  },
};

/** The headers helmet sets with these options, captured from one run of its middleware. */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let error: unknown;
  helmet(options)({} as never, response as never, (e?: unknown) => {
    error = e;
  });
  if (error) throw error;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
