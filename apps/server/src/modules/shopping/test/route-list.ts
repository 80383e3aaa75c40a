// Every route the app has registered, read from Fastify's own route tree, so a test that walks
// "every route" also covers routes other modules add later.
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Parses app.printRoutes({ commonPrefix: false }), whose lines look like
 * "│   └── /:productId (DELETE)": four characters of indent per level, then the path segment
 * and the methods registered at that node.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const path: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    path.length = depth;
    path.push(match[2] ?? '');
    for (const method of match[3]?.split(',').map((m) => m.trim()) ?? []) {
      routes.push({ method, url: path.join('') });
    }
  }
  return routes;
}
