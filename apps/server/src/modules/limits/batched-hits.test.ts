// Writes counted in batches: no database write per hit far from the limit, exact near it, and two
// processes together let through at most a batch's worth more than the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { BATCH, batchedHits, EXACT_WITHIN } from './batched-hits.js';
import { rateLimits } from './rate-limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let serial = 0;
const freshBucket = () => `writes:test-${++serial}`;
/** What the database holds for the bucket's current window. */
const stored = (bucket: string) => rateLimits(t.ctx.db).peek(bucket, MINUTE, t.clock.now());

describe('batched hits', () => {
  it('far from the limit, add to the database once a batch, and answer the running count', async () => {
    const hits = batchedHits(rateLimits(t.ctx.db), MINUTE);
    const bucket = freshBucket();
    for (let i = 1; i < BATCH; i++) expect(await hits.hit(bucket, 300, t.clock.now())).toBe(i);
    expect(await stored(bucket)).toBe(0);
    expect(await hits.hit(bucket, 300, t.clock.now())).toBe(BATCH);
    expect(await stored(bucket)).toBe(BATCH);
  });

  it('near the limit, add every hit at once', async () => {
    const hits = batchedHits(rateLimits(t.ctx.db), MINUTE);
    const bucket = freshBucket();
    const limit = EXACT_WITHIN;
    for (let i = 1; i <= limit + 1; i++) {
      expect(await hits.hit(bucket, limit, t.clock.now())).toBe(i);
      expect(await stored(bucket)).toBe(i);
    }
  });

  it('two processes let through no more than the limit and a batch', async () => {
    const limit = 100;
    const first = batchedHits(rateLimits(t.ctx.db), MINUTE);
    const second = batchedHits(rateLimits(t.ctx.db), MINUTE);
    const bucket = freshBucket();
    // The second process counts a few hits of its own, not yet added; the first then writes on.
    for (let i = 0; i < BATCH - 1; i++) await second.hit(bucket, limit, t.clock.now());
    let allowed = BATCH - 1;
    for (let i = 0; i < 2 * limit; i++)
      if ((await first.hit(bucket, limit, t.clock.now())) <= limit) allowed++;
    for (let i = 0; i < 2 * limit; i++)
      if ((await second.hit(bucket, limit, t.clock.now())) <= limit) allowed++;
    expect(allowed).toBeGreaterThanOrEqual(limit);
    expect(allowed).toBeLessThanOrEqual(limit + BATCH - 1);
  });

  it('start again in a new window', async () => {
    const hits = batchedHits(rateLimits(t.ctx.db), MINUTE);
    const bucket = freshBucket();
    for (let i = 0; i < 5; i++) await hits.hit(bucket, 300, t.clock.now());
    t.clock.advance(MINUTE);
    expect(await hits.hit(bucket, 300, t.clock.now())).toBe(1);
  });
});
