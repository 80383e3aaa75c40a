// Hostile feed lines are bad lines, skipped and reported, and never stop the ingest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { BadLine, MAX_FEED_LINE_LENGTH, parseFeedLine } from './feed-line.js';
import { ingestLines } from './ingest.service.js';

const hostileChains = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('parseFeedLine', () => {
  it('refuses chains named after Object properties as bad lines', () => {
    for (const chain of hostileChains) {
      const price = JSON.parse(priceLine(stores.newWorldAlbany, { productKey: 'X-1' }));
      const delisted = { delisted: true, chain, store: 'x', productKey: 'X-1', observedAt: 1e12 };
      const complete = { listingComplete: true, chain, store: 'x', since: 1e12, observedAt: 1e12 };
      for (const line of [{ ...price, chain }, delisted, complete]) {
        expect(() => parseFeedLine(JSON.stringify(line)), chain).toThrow(BadLine);
      }
    }
  });

  it(`refuses a line longer than ${MAX_FEED_LINE_LENGTH} characters before parsing it`, () => {
    const line = priceLine(stores.newWorldAlbany, {
      productKey: 'X-2',
      category: 'x'.repeat(MAX_FEED_LINE_LENGTH),
    });
    expect(() => parseFeedLine(line)).toThrow(`longer than ${MAX_FEED_LINE_LENGTH} characters`);
  });
});

describe('ingesting hostile lines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('skips them and goes on to the good lines', async () => {
    const good = priceLine(stores.newWorldAlbany, { productKey: 'GOOD-1', price: 250 });
    const hostile = hostileChains.map((chain) =>
      JSON.stringify({
        ...JSON.parse(priceLine(stores.newWorldAlbany, { productKey: 'BAD', promotionType: 2 })),
        chain,
      }),
    );
    const report = await ingestLines(t.ctx, [...hostile, 'x'.repeat(MAX_FEED_LINE_LENGTH + 1), good]);
    expect(report.skipped).toBe(hostileChains.length + 1);
    expect(report.pricesAdded).toBe(1);
  });
});
