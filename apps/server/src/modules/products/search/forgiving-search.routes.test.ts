// Search that forgives (issue 49 item 3), through the API on a real database: plurals and
// singulars meet, the products named by the words come before those where the words are only a
// flavour, and one typo in a longer word still finds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStoreId } from '../../../test/fixtures/catalogue-setup.js';
import { priceLine, stores } from '../../../test/fixtures/feed-lines.js';
import { buildTestApp, type SignedIn, type TestApp } from '../../../test/test-app.js';
import { ingestLines } from '../../ingest/ingest.service.js';

const products: [name: string, brand: string, size: string][] = [
  ['Chicken Wings', 'Tegel', 'per kg'],
  ['Chicken Sausages', 'Hellers', '500g'],
  ['Chicken Drumsticks', 'Inghams', 'per kg'],
  ['Chicken Breast Fillets', 'Tegel', 'per kg'],
  ['Chicken Thigh Fillets Skin Off', 'Tegel', 'per kg'],
  ['Tomato Sauce', 'Watties', '560ml'],
  ['Tomatoes Truss', 'Fresh Produce', 'per kg'],
  ['Cookies & Cream Ice Cream', 'Tip Top', '2L'],
  ['Cookies & Cream Ice Cream', 'Kapiti', '1L'],
  ['Cookies & Cream Ice Cream', 'Pams', '2L'],
  ['Cookies & Cream Ice Cream', 'Much Moore', '1L'],
  ['Fresh Cream', 'Anchor', '300ml'],
  ['Lite Cream', 'Meadow Fresh', '300ml'],
  ['Sour Cream', 'Pams', '250g'],
];

let t: TestApp;
let owner: SignedIn;
let shortCode: string;

beforeAll(async () => {
  t = await buildTestApp();
  await ingestLines(
    t.ctx,
    products.map(([name, brand, size], i) =>
      priceLine(stores.paknsaveAlbany, { productKey: `F${i}`, name, brand, size, price: 500 + i }),
    ),
  );
  owner = await t.signIn('owner@example.com');
  shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace.shortCode;
  const store = await seededStoreId(t, stores.paknsaveAlbany);
  expect((await owner.request({ method: 'POST', url: `/api/${shortCode}/stores/${store}` })).statusCode).toBe(
    200,
  );
});
afterAll(() => t.close());

const names = async (text: string): Promise<string[]> => {
  const res = await owner.request({
    method: 'POST',
    url: `/api/${shortCode}/products/search`,
    payload: { text },
  });
  expect(res.statusCode).toBe(200);
  return res.json().map((p: { name: string }) => p.name);
};

describe('search that forgives', () => {
  it('finds a singular name from a plural word and a plural name from a singular one', async () => {
    expect((await names('thighs'))[0]).toBe('Chicken Thigh Fillets Skin Off');
    expect(await names('tomato')).toContain('Tomatoes Truss');
    expect((await names('tomatoes'))[0]).toBe('Tomatoes Truss');
    expect(await names('fillet')).toEqual(['Chicken Breast Fillets', 'Chicken Thigh Fillets Skin Off']);
  });

  it('ranks the thigh fillets first for "chicken thighs", then the other chicken', async () => {
    const found = await names('chicken thighs');
    expect(found[0]).toBe('Chicken Thigh Fillets Skin Off');
    expect(found.slice(1).sort()).toEqual([
      'Chicken Breast Fillets',
      'Chicken Drumsticks',
      'Chicken Sausages',
      'Chicken Wings',
    ]);
  });

  it('shows the creams before the Cookies & Cream ice creams for "cream"', async () => {
    const found = await names('cream');
    expect(found.slice(0, 3).sort()).toEqual(['Fresh Cream', 'Lite Cream', 'Sour Cream']);
    expect(found.slice(3)).toEqual(Array(4).fill('Cookies & Cream Ice Cream'));
  });

  it('still finds a word of 5 letters or more with one typo, and not with two', async () => {
    expect((await names('chiken')).length).toBe(5);
    expect((await names('chiken thighs'))[0]).toBe('Chicken Thigh Fillets Skin Off');
    expect(await names('drumstciks')).toEqual(['Chicken Drumsticks']);
    expect(await names('chekin')).toEqual([]);
  });
});
