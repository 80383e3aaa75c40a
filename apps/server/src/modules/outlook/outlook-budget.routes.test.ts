// The outlooks against a stranger with many free accounts (decisions 0023 and 0025): each pair
// (product, store) worked out fresh reads its whole price history and takes a place in the day's
// cache, so a user may have OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE of them a minute and a call may
// ask for OUTLOOK_PAIRS_PER_CALL. Pairs already kept stay free; a normal list never notices.
import {
  OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE,
  OUTLOOK_PAIRS_PER_CALL,
  outlookPairsMessage,
} from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE } from '../../lib/clock.js';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';
import { outlookLimitMessage } from './outlook-budget.js';

const PRODUCTS = 700;
let t: TestApp;
/** The products in the order they were fed. */
let ids: number[] = [];
/** Seeded stores, in id order. */
let storeIds: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const now = t.clock.now();
  const lines: string[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const item = { productKey: `OB${i}`, name: `Budget Item ${i}`, brand: 'Thrift', size: '1kg' };
    // Each has a history to read: a price 100 days ago and a special 10 days ago.
    lines.push(
      priceLine(stores.newWorldAlbany, { ...item, price: 400, observedAt: now - 100 * DAY }),
      priceLine(stores.newWorldAlbany, {
        ...item,
        price: 300,
        basePrice: 400,
        promotionType: 3,
        observedAt: now - 10 * DAY,
      }),
    );
  }
  expect((await ingestLines(t.ctx, lines)).skipped).toBe(0);
  const rows = await t.ctx.db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('name', 'like', '%Budget Item %')
    .execute();
  const numberOf = (name: string) => Number(name.split(' ').at(-1));
  ids = rows.sort((a, b) => numberOf(a.name) - numberOf(b.name)).map((r) => r.id);
  expect(ids).toHaveLength(PRODUCTS);
  storeIds = (await t.ctx.db.selectFrom('stores').select('id').orderBy('id').limit(30).execute()).map(
    (r) => r.id,
  );
});
afterAll(() => t.close());

/** A new account whose own workspace compares these stores. */
async function shopperAt(email: string, at: number[]): Promise<Shopper> {
  const shopper = await signInShopper(t, email);
  for (const id of at) expect((await shopper.api('POST', `/stores/${id}`)).statusCode).toBe(200);
  return shopper;
}
const outlooks = (who: Shopper, products: number[]) => who.api('GET', `/outlooks?ids=${products.join(',')}`);
const drawer = (who: Shopper, product: number) => who.api('GET', `/products/${product}/outlook`);

describe('outlooks worked out fresh, a minute', () => {
  it('stop a stranger past the budget; kept ones still answer; others are not touched; a minute later it refills', async () => {
    const twenty = storeIds.slice(0, 20);
    const stranger = await shopperAt('budget-stranger@example.com', twenty);
    const perCall = OUTLOOK_PAIRS_PER_CALL / twenty.length;
    const first = ids.slice(0, perCall);
    const next = ids.slice(perCall, 2 * perCall);
    expect(first.length * twenty.length).toBe(OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE);

    const answered = await outlooks(stranger, first);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().products).toHaveLength(first.length);
    // The budget is spent: more fresh products are refused, in the list's call and the drawer's.
    const refused = await outlooks(stranger, next);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: outlookLimitMessage });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedDrawer = await drawer(stranger, next[0] as number);
    expect(refusedDrawer.statusCode).toBe(429);
    expect(refusedDrawer.json()).toEqual({ message: outlookLimitMessage });
    // What is already kept for the day costs nothing: it still answers, as often as asked.
    for (let i = 0; i < 3; i++) expect((await outlooks(stranger, first)).statusCode).toBe(200);
    const kept = await drawer(stranger, first[0] as number);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().stores).toHaveLength(twenty.length);

    // Another account at the same stores has its own minute.
    const neighbour = await shopperAt('budget-neighbour@example.com', twenty);
    const theirs = await outlooks(neighbour, ids.slice(2 * perCall, 3 * perCall));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().products).toHaveLength(perCall);

    t.clock.advance(MINUTE);
    const later = await outlooks(stranger, next);
    expect(later.statusCode).toBe(200);
    expect(later.json().products).toHaveLength(next.length);
  });

  it('bounds one call: more products than fit the stores is a 400 saying how many', async () => {
    const twenty = storeIds.slice(0, 20);
    const asker = await shopperAt('budget-big-call@example.com', twenty);
    const perCall = OUTLOOK_PAIRS_PER_CALL / twenty.length;
    const tooMany = await outlooks(asker, ids.slice(0, perCall + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.ids.message).toBe(outlookPairsMessage(twenty.length));
    expect(outlookPairsMessage(twenty.length)).toBe('With 20 stores, give up to 200 product ids at a time.');
    // All of them kept already (the first test worked them out) and still refused: the bound is on
    // the call, not the work, so a call's answer stays bounded too.
    expect((await outlooks(asker, ids.slice(0, perCall))).statusCode).toBe(200);
  });

  it('answer a normal list in full on its first view and every view after, counting only what is fresh', async () => {
    // A household at 6 stores no one else has asked about yet, with 200 products on its list.
    const six = storeIds.slice(20, 26);
    const household = await shopperAt('budget-household@example.com', six);
    const list = ids.slice(0, 200);
    const first = await outlooks(household, list);
    expect(first.statusCode).toBe(200);
    const products = first.json().products as { productId: number; stores: { advice: string }[] }[];
    expect(products.map((p) => p.productId)).toEqual(list);
    expect(products.every((p) => p.stores.length === six.length)).toBe(true);
    // Opened again and again, and each item's drawer: all kept, none counted.
    for (let i = 0; i < 10; i++) expect((await outlooks(household, list)).statusCode).toBe(200);
    for (const id of list.slice(0, 20)) expect((await drawer(household, id)).statusCode).toBe(200);
    // What is left of the minute is the budget less the first view's 1,200 fresh pairs.
    const left = OUTLOOK_FRESH_PAIRS_PER_USER_PER_MINUTE - list.length * six.length;
    const more = ids.slice(200, 200 + Math.floor(left / six.length));
    expect((await outlooks(household, more)).statusCode).toBe(200);
    const past = await drawer(household, ids[200 + more.length] as number);
    expect(past.statusCode).toBe(429);
    expect(past.json()).toEqual({ message: outlookLimitMessage });
  });
});
