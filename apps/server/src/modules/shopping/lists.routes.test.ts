import { ZCart, ZInitialData, ZListProducts } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { listMessages } from './lists.service.js';
import { addWorkspaceStore, createProduct, setPrice } from './test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let bread: number;
let cheese: number;
let bananas: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  bread = await createProduct(t.ctx.db, { name: 'Bread' });
  cheese = await createProduct(t.ctx.db, { name: 'Cheese 1kg', minimumQuantity: 2, minimumIncrement: 1 });
  bananas = await createProduct(t.ctx.db, {
    name: 'Bananas',
    saleType: 1,
    minimumQuantity: 0.5,
    minimumIncrement: 0.25,
  });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 5);
  await setPrice(t.ctx.db, bread, 5, 250);
});
afterAll(() => t.close());

const createList = (shopper: Shopper, name: unknown, productId: unknown = bread) =>
  shopper.api('POST', '/lists', { name, productId });
const nameError = (res: { statusCode: number; json(): { errors: { name: { message: string } } } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().errors.name.message;
};
const listNames = async (shopper: Shopper) => {
  const res = await shopper.request({ method: 'POST', url: '/api/init/start' });
  return ZInitialData.parse(res.json()).lists.map((list) => list.name);
};
const productsOf = async (shopper: Shopper, listId: number) => {
  const res = await shopper.api('GET', `/lists/${listId}`);
  expect(res.statusCode).toBe(200);
  return ZListProducts.parse(res.json());
};

describe('creating and naming lists', () => {
  let party: number;

  it('creates a list holding the product and answers it, name trimmed', async () => {
    const res = await createList(aroha, '  Party  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Party', itemCount: 1 });
    party = res.json().id;
    const products = await productsOf(aroha, party);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({ id: bread, name: 'Bread', bestPrice: 250 });
  });

  it('refuses an empty, too long or duplicate name (ignoring case) on the name field', async () => {
    expect(nameError(await createList(aroha, '   '))).toBe('Enter a name for the list.');
    expect(nameError(await createList(aroha, 'x'.repeat(101)))).toBe(
      'Keep the name to 100 characters or fewer.',
    );
    expect(nameError(await createList(aroha, 'PARTY'))).toBe(listMessages.duplicateName('Party'));
    expect((await createList(aroha, 'y'.repeat(100))).statusCode).toBe(200);
  });

  it('lets another household use the same name', async () => {
    expect((await createList(ben, 'party')).statusCode).toBe(200);
  });

  it('refuses an unknown product and creates nothing', async () => {
    const res = await createList(aroha, 'Picnic', 999999);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.productId.message).toEqual(expect.any(String));
    expect(await listNames(aroha)).not.toContain('Picnic');
  });

  it('answers lists sorted by name, in init and in GET /lists', async () => {
    await createList(aroha, 'barbecue');
    await createList(aroha, 'Anniversary');
    const expected = ['Anniversary', 'barbecue', 'Party', 'y'.repeat(100)];
    expect(await listNames(aroha)).toEqual(expected);
    const res = await aroha.api('GET', '/lists');
    expect(res.json().map((l: { name: string }) => l.name)).toEqual(expected);
  });

  it('renames, keeping the rules, and lets a list change the case of its own name', async () => {
    const res = await aroha.api('PUT', `/lists/${party}`, { name: ' Birthday party ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: party, name: 'Birthday party', itemCount: 1 });
    expect((await aroha.api('PUT', `/lists/${party}`, { name: 'BIRTHDAY PARTY' })).statusCode).toBe(200);
    expect(nameError(await aroha.api('PUT', `/lists/${party}`, { name: 'anniversary' }))).toBe(
      listMessages.duplicateName('Anniversary'),
    );
    expect(nameError(await aroha.api('PUT', `/lists/${party}`, { name: '' }))).toBe(
      'Enter a name for the list.',
    );
    expect(await listNames(aroha)).toContain('BIRTHDAY PARTY');
  });
});

describe('a list made on the Lists screen (issue 37 item 8)', () => {
  const countsOf = async (shopper: Shopper) => {
    const init = ZInitialData.parse(
      (await shopper.request({ method: 'POST', url: '/api/init/start' })).json(),
    );
    const listed = (await shopper.api('GET', '/lists')).json() as { name: string; itemCount: number }[];
    const fromInit = Object.fromEntries(init.lists.map((l) => [l.name, l.itemCount]));
    // The start-up data and GET /lists say the same.
    expect(Object.fromEntries(listed.map((l) => [l.name, l.itemCount]))).toEqual(fromInit);
    return fromInit;
  };

  it('starts empty without a product, and counts its items as they come and go', async () => {
    const res = await aroha.api('POST', '/lists', { name: 'Camping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Camping', itemCount: 0 });
    const camping = res.json().id;
    expect(await productsOf(aroha, camping)).toEqual([]);
    expect((await countsOf(aroha)).Camping).toBe(0);
    // Start-up's lists are kept per process: an item added must show in the next start-up.
    await aroha.api('POST', `/lists/${camping}/${bread}`);
    await aroha.api('POST', `/lists/${camping}/${cheese}`);
    await aroha.api('POST', `/lists/${camping}/${cheese}`);
    expect((await countsOf(aroha)).Camping).toBe(2);
    await aroha.api('DELETE', `/lists/${camping}/${bread}`);
    expect((await countsOf(aroha)).Camping).toBe(1);
  });

  it('lets a Shared member make one in the household, and keeps a stranger out', async () => {
    const sam = await signInShopper(t, 'sam.lists@example.com');
    const stranger = await signInShopper(t, 'stranger.lists@example.com');
    await shareWith(aroha, sam);
    const made = await sam.request({
      method: 'POST',
      url: `/api/${aroha.shortCode}/lists`,
      payload: { name: 'Sam’s picnic' },
    });
    expect(made.statusCode).toBe(200);
    expect((await countsOf(aroha))['Sam’s picnic']).toBe(0);
    const refused = await stranger.request({
      method: 'POST',
      url: `/api/${aroha.shortCode}/lists`,
      payload: { name: 'Not mine' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.any(String) });
    expect(await listNames(aroha)).not.toContain('Not mine');
  });

  it('still refuses a bad name or a malformed product in the error shape', async () => {
    expect(nameError(await aroha.api('POST', '/lists', { name: ' ' }))).toBe('Enter a name for the list.');
    const res = await aroha.api('POST', '/lists', { name: 'Odd', productId: 'milk' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.productId.message).toEqual(expect.any(String));
  });
});

describe('products on a list', () => {
  let weekly: number;
  beforeAll(async () => {
    weekly = (await createList(aroha, 'Weekly')).json().id;
  });

  it('adds products once each, in the order added, and removes them', async () => {
    expect((await aroha.api('POST', `/lists/${weekly}/${cheese}`)).statusCode).toBe(204);
    expect((await aroha.api('POST', `/lists/${weekly}/${bananas}`)).statusCode).toBe(204);
    expect((await aroha.api('POST', `/lists/${weekly}/${cheese}`)).statusCode).toBe(204);
    expect((await productsOf(aroha, weekly)).map((p) => p.id)).toEqual([bread, cheese, bananas]);
    expect((await aroha.api('DELETE', `/lists/${weekly}/${bread}`)).statusCode).toBe(204);
    expect((await productsOf(aroha, weekly)).map((p) => p.id)).toEqual([cheese, bananas]);
  });

  it('answers 404 for an unknown product or list, and 400 for a malformed id', async () => {
    expect((await aroha.api('POST', `/lists/${weekly}/999999`)).statusCode).toBe(404);
    expect((await aroha.api('POST', `/lists/999999/${bread}`)).statusCode).toBe(404);
    expect((await aroha.api('GET', '/lists/999999')).statusCode).toBe(404);
    expect((await aroha.api('GET', '/lists/abc')).statusCode).toBe(400);
    expect((await aroha.api('POST', `/lists/${weekly}/0`)).statusCode).toBe(400);
  });

  it("never reaches another household's list through one's own workspace", async () => {
    for (const [method, path, payload] of [
      ['GET', `/lists/${weekly}`],
      ['PUT', `/lists/${weekly}`, { name: 'Mine now' }],
      ['POST', `/lists/${weekly}/${bread}`],
      ['DELETE', `/lists/${weekly}/${cheese}`],
      ['POST', `/lists/${weekly}/cart`],
      ['DELETE', `/lists/${weekly}`],
    ] as const) {
      const res = await ben.api(method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await productsOf(aroha, weekly)).map((p) => p.id)).toEqual([cheese, bananas]);
    expect(await listNames(aroha)).toContain('Weekly');
    expect(ZCart.parse((await ben.api('GET', '/cart')).json())).toEqual([]);
  });

  it('adds the whole list to the shopping list at minimumQuantity, merging with what is there', async () => {
    await aroha.api('POST', '/cart', { productId: cheese, quantity: 3 });
    const res = await aroha.api('POST', `/lists/${weekly}/cart`);
    expect(res.statusCode).toBe(200);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(Object.fromEntries(cart.map((i) => [i.product.id, i.quantity]))).toEqual({
      [cheese]: 5,
      [bananas]: 0.5,
    });
    expect(ZCart.parse(res.json())).toEqual(cart);
  });

  it('keeps a product at its maximum rather than passing it', async () => {
    await aroha.api('PUT', '/cart', { productId: cheese, quantity: 998 });
    expect((await aroha.api('POST', `/lists/${weekly}/cart`)).statusCode).toBe(200);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(Object.fromEntries(cart.map((i) => [i.product.id, i.quantity]))).toEqual({
      [cheese]: 998,
      [bananas]: 1,
    });
  });

  it('deletes a list with its items, leaving products and the shopping list alone', async () => {
    expect((await aroha.api('DELETE', `/lists/${weekly}`)).statusCode).toBe(204);
    expect((await aroha.api('GET', `/lists/${weekly}`)).statusCode).toBe(404);
    expect((await aroha.api('DELETE', `/lists/${weekly}`)).statusCode).toBe(404);
    const items = await t.ctx.db.selectFrom('list_items').selectAll().where('list_id', '=', weekly).execute();
    expect(items).toEqual([]);
    expect(ZCart.parse((await aroha.api('GET', '/cart')).json())).toHaveLength(2);
  });
});
