// The bench's same-size floor exists only when the bench asks for it, and sends exactly the size.
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('GET /api/bench/payload/:bytes', () => {
  it('is not there in a normal server', async () => {
    const t = await buildTestApp();
    apps.push(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/payload/1000' })).statusCode).toBe(404);
  });

  it('answers JSON of exactly the asked size with KETE_BENCH_ROUTES=1, and refuses a silly size', async () => {
    const t = await buildTestApp({ KETE_BENCH_ROUTES: '1' });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/bench/payload/65536' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.rawPayload.length).toBe(65536);
    expect(Object.keys(res.json())).toEqual(['pad']);
    const huge = await t.app.inject({ method: 'GET', url: '/api/bench/payload/99999999' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  });
});
