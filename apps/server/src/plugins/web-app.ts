// Serves the built web app from the same origin as the API, with the SPA fallback: any GET that
// is not /api and not a file gets index.html, so deep links like /w/cart load the app. Source maps
// are never served (issue 44 item 5): the build makes none, and one left in the folder is a 404.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** A source map, or its precompressed copies. */
const SOURCE_MAPS = ['**/*.map', '**/*.map.br', '**/*.map.gz'];
const isSourceMap = (url: string) => /\.map(\.br|\.gz)?$/i.test(url.split('?')[0] ?? '');

export async function registerWebApp(app: FastifyInstance, webRoot: string | null) {
  const hasWebApp = webRoot !== null && existsSync(`${webRoot}/index.html`);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      globIgnore: SOURCE_MAPS,
      // The build writes .br/.gz beside each text file (apps/web/vite.config.ts): sent when accepted.
      preCompressed: true,
      // Hashed asset names never change content, so the browser may keep them for a year.
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // /metrics is never a page: off, it is a plain 404, so a scraper is not handed the app's HTML.
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api' &&
      !/^\/metrics(\/|\?|$)/.test(request.url);
    if (isPage && hasWebApp && !isSourceMap(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
}
