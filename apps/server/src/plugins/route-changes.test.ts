// Each route declares once whether it changes data (issue 32, item 1): the live events and the
// write limiter read that declaration, so a read sent as a POST is neither announced nor counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { undeclaredRoutes } from './route-changes.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('route declarations', () => {
  it('every /api route that could change data says whether it does (config.changes)', () => {
    expect(undeclaredRoutes(t.app)).toEqual([]);
  });

  it('the write limit counts only what changes data: reads sent as POSTs are free', async () => {
    const shopper = await t.signIn('reader@example.com');
    const start = await shopper.request({ method: 'POST', url: '/api/init/start' });
    const shortCode = start.json<{ workspace: { shortCode: string } }>().workspace.shortCode;
    // Far past the 300 a minute: none of these is a change.
    for (let i = 0; i < 320; i++) {
      const res = await shopper.request(
        i % 2
          ? { method: 'POST', url: `/api/init/switch/${shortCode}` }
          : { method: 'POST', url: `/api/${shortCode}/products/search`, payload: { text: 'milk' } },
      );
      expect(res.statusCode, `read ${i + 1}`).toBe(200);
    }
    const change = await shopper.request({ method: 'DELETE', url: `/api/${shortCode}/cart/999` });
    expect(change.statusCode).toBe(204);
  });
});
