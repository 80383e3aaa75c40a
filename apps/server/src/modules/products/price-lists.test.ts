// pricesAt keeps each product's list of prices per set of stores (price-cache.ts): the same list
// for the same stores in any order, cheapest first, frozen because every answer shares it, and
// built afresh once the catalogue changes.
import type { Price } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
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
