// Issue 37 item 1: 'biggest saving first' never puts a special the price history rates as no real
// saving (its 'was' price is not what the store charged) above the real ones, whatever its saving
// claims. The verdicts come from a real ingest's history, on SQLite and (in its run) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStoreId } from '../../test/fixtures/catalogue-setup.js';
import { DAY, priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';

let t: TestApp;
let owner: Shopper;
let path: string;

const nw = stores.newWorldAlbany;
const tea = { productKey: 'TEA', name: 'Earl Grey Tea', brand: 'Dilmah', size: '100pk' };
const fizz = { productKey: 'FIZ', name: 'Fizzy Lemonade', brand: 'Fizz Co', size: '1.5L' };
const oats = { productKey: 'OAT', name: 'Rolled Oats', brand: 'Harraways', size: '1kg' };

beforeAll(async () => {
  t = await buildTestApp();
  const ago = (days: number) => t.clock.now() - days * DAY;
  await ingestLines(t.ctx, [
    // Tea: $6.00 for months, then $4.50 ten days ago: a real saving of $1.50.
    priceLine(nw, { ...tea, price: 600, observedAt: ago(150) }),
    priceLine(nw, { ...tea, price: 450, basePrice: 600, promotionType: 2, observedAt: ago(10) }),
    // Lemonade: $3.00 all along; the 'special' claims $5.00 was its price: a $2.00 saving on paper.
    priceLine(nw, { ...fizz, price: 300, observedAt: ago(150) }),
    priceLine(nw, { ...fizz, price: 300, basePrice: 500, promotionType: 2, observedAt: ago(10) }),
    // Oats: $5.00, then $4.50: a real saving of $0.50.
    priceLine(nw, { ...oats, price: 500, observedAt: ago(150) }),
    priceLine(nw, { ...oats, price: 450, basePrice: 500, promotionType: 2, observedAt: ago(10) }),
  ]);
  const storeId = await seededStoreId(t, nw);
  owner = await signInShopper(t, 'order@example.com');
  await owner.api('POST', `/stores/${storeId}`);
  path = `/stores/${storeId}/specials`;
});
afterAll(() => t.close());

describe("a store's specials, biggest saving first", () => {
  it('puts a special with no real saving after every real one, whatever saving it claims', async () => {
    const res = await owner.api('GET', path);
    expect(res.statusCode).toBe(200);
    const rows = res.json().products as { name: string; saving: number }[];
    expect(rows.map((p) => [p.name, p.saving])).toEqual([
      ['Earl Grey Tea', 150],
      ['Rolled Oats', 50],
      ['Fizzy Lemonade', 200],
    ]);
    // Paged, the order holds across pages.
    const second = (await owner.api('GET', `${path}?page=2&pageSize=2`)).json();
    expect(second.products.map((p: { name: string }) => p.name)).toEqual(['Fizzy Lemonade']);
  });
});
