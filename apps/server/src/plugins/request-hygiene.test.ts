// Issue 10's smaller findings at the HTTP edge: the auth check follows the matched route, API
// answers are not cacheable, request ids are checked before logging, an ignored X-Forwarded-For
// is reported, and ids past the database's integer range are 400s (PostgreSQL too).
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type Shopper, signInShopper } from '../modules/shopping/test/household.js';
import { registeredRoutes } from '../modules/shopping/test/route-list.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { forwardedWarning } from './request-hygiene.js';

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp();
  shopper = await signInShopper(t, 'hygiene@example.com');
});
afterAll(() => t.close());

/** A second app over the same database whose log lines the test can read. */
async function appWithLog(trustProxy: boolean, extra?: (app: FastifyInstance) => void) {
  const lines: Record<string, unknown>[] = [];
  const app = await buildApp(
    { ...t.ctx, config: { ...t.ctx.config, logLevel: 'info', trustProxy } },
    {
      logStream: new Writable({
        write: (chunk, _enc, done) => done(void lines.push(JSON.parse(chunk.toString()))),
      }),
    },
  );
  extra?.(app);
  await app.ready();
  return { app, lines };
}

describe('the authentication check', () => {
  it('follows the matched route, so an encoded /api path still needs a session', async () => {
    const { app } = await appWithLog(false, (a) =>
      a.get('/api/test-who', async (request) => ({ user: request.user?.id ?? null })),
    );
    for (const url of ['/api/test-who', '/%61pi/test-who', '/%61%70%69/test-who']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    }
    await app.close();
  });
});

describe('API answers', () => {
  it('carry Cache-Control: no-store, errors and unknown API paths included', async () => {
    const answers = [
      await shopper.api('GET', '/cart'),
      await t.app.inject({ method: 'POST', url: '/api/init/start' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await t.app.inject({ method: 'POST', url: '/api/identity/email', payload: { email: 'x' } }),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('request ids', () => {
  it('log a plain client id as given and replace anything else', async () => {
    const { app, lines } = await appWithLog(false, (a) =>
      a.get('/api/test-log', { config: { public: true } }, async (request) => {
        request.log.info('marker');
        return {};
      }),
    );
    const idFor = async (header: string) => {
      lines.length = 0;
      await app.inject({ method: 'GET', url: '/api/test-log', headers: { 'x-request-id': header } });
      return lines.find((line) => line.msg === 'marker')?.reqId;
    };
    expect(await idFor('proxy-1234.abc:9')).toBe('proxy-1234.abc:9');
    for (const bad of ['x'.repeat(65), 'evil\u001b[31m', 'a b', '{"level":60}', '']) {
      const id = await idFor(bad);
      expect(id, bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    await app.close();
  });
});

describe('X-Forwarded-For while KETE_TRUST_PROXY is off', () => {
  it('is ignored and reported in the log, once an hour at most', async () => {
    const { app, lines } = await appWithLog(false);
    const send = () =>
      app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.1' } });
    await send();
    await send();
    expect(lines.filter((line) => line.msg === forwardedWarning)).toHaveLength(1);
    await app.close();
  });

  it('is not reported when the proxy is trusted', async () => {
    const { app, lines } = await appWithLog(true);
    await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(lines.filter((line) => line.msg === forwardedWarning)).toHaveLength(0);
    await app.close();
  });
});

describe('workspace codes no workspace can have', () => {
  it('are 403 like any other workspace the user is not in, never 500 (a NUL byte on PostgreSQL)', async () => {
    for (const code of ['%00', 'a%00b', '%E2%80%AE', 'x'.repeat(65)]) {
      const res = await shopper.request({ method: 'GET', url: `/api/${code}/cart` });
      expect(res.statusCode, code).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('ids past the integer range', () => {
  it('are 400 in the error shape on every route with an id in its path, never 500', async () => {
    const withIds = registeredRoutes(t.app).filter((route) =>
      route.url.split('/').some((segment) => segment.startsWith(':') && segment !== ':shortCode'),
    );
    expect(withIds.length).toBeGreaterThan(5);
    for (const route of withIds) {
      for (const id of ['2147483648', '99999999999999999999', '1e400']) {
        const url = route.url
          .split('/')
          .map((segment) =>
            segment === ':shortCode' ? shopper.shortCode : segment.startsWith(':') ? id : segment,
          )
          .join('/');
        const res = await shopper.request({
          method: route.method as 'GET',
          url,
          ...(route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE'
            ? {}
            : { payload: {} }),
        });
        const name = `${route.method} ${url}: ${res.body}`;
        expect(res.statusCode, name).toBeLessThan(500);
        if (res.statusCode === 400 && route.method !== 'HEAD') {
          expect(res.json().message, name).toEqual(expect.any(String));
        }
      }
    }
  });
});
