// Issue 44 item 5: the web app's source maps are never served, even when a build left one behind;
// the app's files and its deep links still are.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

let app: FastifyInstance;

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'kete-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Kete</title>');
  writeFileSync(join(root, 'assets/app-1234.js'), 'console.log("kete")\n');
  // What an older build (sourcemap: true) left in the folder, with its precompressed copies.
  writeFileSync(join(root, 'assets/app-1234.js.map'), '{"version":3,"sources":["src/app.tsx"]}');
  writeFileSync(join(root, 'assets/app-1234.js.map.gz'), 'gz');
  writeFileSync(join(root, 'assets/app-1234.js.map.br'), 'br');
  app = Fastify();
  await registerWebApp(app, root);
  await app.ready();
});
afterAll(() => app.close());

describe('the web app as served', () => {
  it.each([
    '/assets/app-1234.js.map',
    '/assets/app-1234.js.map?v=1',
    '/assets/app-1234.js.map.gz',
    '/assets/app-1234.js.map.br',
    '/assets/missing.js.map',
    '/assets/app-1234.JS.MAP',
  ])('answers %s with 404, not the map nor the app', async (url) => {
    for (const encoding of ['', 'br', 'gzip']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, `${url} ${encoding}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('still serves its files and deep links', async () => {
    const js = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).not.toContain('sourceMappingURL');
    const deep = await app.inject({ method: 'GET', url: '/w/cart' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>Kete</title>');
  });
});
