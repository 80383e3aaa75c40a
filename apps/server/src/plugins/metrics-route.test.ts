// GET /metrics (issue 48 item 2): off unless asked, and then a plain 404, never the web app's
// page; with KETE_METRICS=1 Prometheus text with the request histograms by route pattern and
// status, the process's event-loop lag, heap and RSS, and Kete's own gauges and counters.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ingestLines } from '../modules/ingest/ingest.service.js';
import { chainOf } from '../modules/refresh/refresh-plan.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { testDialect } from '../test/test-database.js';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  t = await buildTestApp();
  webRoot = mkdtempSync(join(tmpdir(), 'kete-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Kete</title>');
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const appWith = (metrics: boolean) =>
  buildApp(
    { ...t.ctx, config: { ...t.ctx.config, metricsOnPublicPort: metrics } },
    { logger: false, webRoot },
  );

/** The value of one sample line, e.g. `kete_stale_stores 1`. */
const sample = (text: string, line: RegExp) => {
  const match = text.split('\n').find((l) => line.test(l));
  return match === undefined ? undefined : Number(match.split(' ').at(-1));
};

describe('GET /metrics', () => {
  it('is a 404 in the error shape when not asked for, not the web app', async () => {
    const app = await appWith(false);
    try {
      expect((await app.inject({ method: 'GET', url: '/w/home' })).body).toContain('<title>Kete</title>');
      for (const url of ['/metrics', '/metrics/', '/metrics?x=1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
    } finally {
      await app.close();
    }
  });

  it('answers Prometheus text with KETE_METRICS=1: request histograms, process and Kete gauges', async () => {
    const app = await appWith(true);
    try {
      // A store whose newest price is 30 days old (no shopping list has chosen it): stale.
      const store = await t.ctx.db
        .selectFrom('stores')
        .select(['chain', 'source_id'])
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await ingestLines(t.ctx, [
        JSON.stringify({
          chain: chainOf[store.chain],
          store: store.source_id,
          productKey: 'OLD-1',
          name: 'Old Loaf',
          price: 350,
          observedAt: t.clock.now() - 30 * 86_400_000,
        }),
      ]);
      for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/api/health' });
      await app.inject({ method: 'GET', url: '/api/no-such-thing' });

      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(
        sample(
          text,
          /^kete_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\}/,
        ),
      ).toBeGreaterThanOrEqual(3);
      expect(
        sample(
          text,
          /^kete_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\}/,
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(
        /^kete_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health",status="200"\} \d+$/m,
      );
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'kete_live_streams',
        'kete_plans_in_flight',
        'kete_open_price_reports',
      ]) {
        expect(sample(text, new RegExp(`^${name} `)), name).toBeGreaterThanOrEqual(0);
      }
      expect(sample(text, /^kete_stale_stores /)).toBe(1);
      expect(sample(text, /^kete_imports_total\{kind="feed",outcome="ok"\}/)).toBeGreaterThanOrEqual(1);
      expect(text).toContain('# TYPE kete_pushes_total counter');
      expect(text).toContain('# TYPE kete_sign_ins_total counter');
      if (testDialect() === 'postgres') {
        expect(sample(text, /^kete_db_pool_connections\{state="total"\}/)).toBeGreaterThanOrEqual(1);
        expect(sample(text, /^kete_db_pool_connections\{state="waiting"\}/)).toBe(0);
      }
    } finally {
      await app.close();
    }
  });
});
