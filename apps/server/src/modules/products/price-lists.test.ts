// pricesAt keeps each product's list of prices per set of stores (price-cache.ts): the same list
// for the same stores in any order, cheapest first, frozen because every answer shares it, and
// built afresh once the catalogue changes.
import type { Price } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { historyFromAt } from './price-history.repository.js';
import { pricesAt } from './product-shape.js';

let t: TestApp;
let albany: number;
let henderson: number;
let milk: number;

const storeIdOf = (source: string) => seededStoreId(t, { store: source });

beforeAll(async () => {
  t = await buildTestApp();
  await ingestLines(t.ctx, [
    priceLine(stores.paknsaveAlbany, { price: 399 }),
    priceLine(stores.paknsaveHenderson, { price: 349 }),
  ]);
  albany = await storeIdOf(stores.paknsaveAlbany.store);
  henderson = await storeIdOf(stores.paknsaveHenderson.store);
  milk = (await t.ctx.db.selectFrom('products').select('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const listAt = async (storeIds: number[]) =>
  (await pricesAt(t.ctx.db, [milk], storeIds, t.clock.now())).get(milk) as Price[];

describe("a product's prices kept per set of stores", () => {
  it('answers the same list again, cheapest first, for the same stores in any order', async () => {
    const first = await listAt([albany, henderson]);
    expect(first.map((p) => [p.storeId, p.price])).toEqual([
      [henderson, 349],
      [albany, 399],
    ]);
    // Asked again at once (the process's first check of the catalogue's version, in the background,
    // may forget the first one: lib/catalogue-version.ts), in the other order: the same list.
    const again = await listAt([albany, henderson]);
    expect(await listAt([henderson, albany])).toBe(again);
    // Another set of stores is another list.
    expect((await listAt([albany])).map((p) => p.storeId)).toEqual([albany]);
  });

  it('is frozen: a caller that tried to change it would change every answer', async () => {
    const list = await listAt([albany, henderson]);
    expect(Object.isFrozen(list)).toBe(true);
    expect(() => list.reverse()).toThrow(TypeError);
  });

  it('is built afresh once an ingest changed the catalogue', async () => {
    const before = await listAt([albany, henderson]);
    await ingestLines(t.ctx, [priceLine(stores.paknsaveAlbany, { price: 299 })]);
    const after = await listAt([albany, henderson]);
    expect(after).not.toBe(before);
    expect(after.map((p) => [p.storeId, p.price])).toEqual([
      [albany, 299],
      [henderson, 349],
    ]);
  });
});

describe('requests that open the same product at once', () => {
  /** A handle of its own (so nothing is kept for it yet) that counts the statements sent through it. */
  function countingHandle() {
    const counted = { statements: 0 };
    const db = t.ctx.db.withPlugin({
      transformQuery: (args) => {
        counted.statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, counted };
  }

  it('share one read of its prices and one of where its history begins (decision 0031, ninth session)', async () => {
    const stores = [albany, henderson];
    const alone = countingHandle();
    const [one] = await Promise.all([pricesAt(alone.db, [milk], stores, t.clock.now())]);
    const [oneStart] = await Promise.all([historyFromAt(alone.db, milk, stores)]);
    expect(alone.counted.statements).toBeGreaterThan(0);

    // Fifty shoppers open it together: as many statements as one did, and the same answers.
    const together = countingHandle();
    const lists = await Promise.all(
      Array.from({ length: 50 }, () => pricesAt(together.db, [milk], stores, t.clock.now())),
    );
    const starts = await Promise.all(
      Array.from({ length: 50 }, () => historyFromAt(together.db, milk, stores)),
    );
    expect(together.counted.statements).toBe(alone.counted.statements);
    for (const list of lists) expect(list.get(milk)).toEqual(one?.get(milk));
    for (const start of starts) expect(start).toEqual(oneStart);
    expect(oneStart?.get(albany)).toEqual(expect.any(Number));
  });
});
