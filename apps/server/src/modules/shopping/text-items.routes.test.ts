// Free-text items (issue 49 item 2): written onto the shopping list and named lists with no
// product, by the Owner and by a Shared member who switched into the household's list; a stranger
// is refused; bad input is the usual 400 naming the field; they count in the caps; a named list
// put on the shopping list brings them; one can become a product ('Choose a product').
import { TEXT_ITEM_MAX_LENGTH, textItemMessages, workspaceLimits, ZCart, ZTextItem } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { addWorkspaceStore, createProduct, setPrice } from './test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper; // the Owner
let ben: Shopper; // a Shared member, in Aroha's list
let stranger: Shopper;
let garlic: number;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  stranger = await signInShopper(t, 'stranger@example.com');
  await shareWith(aroha, ben);
  garlic = await createProduct(t.ctx.db, { name: 'Garlic Bulb' });
  await addWorkspaceStore(t.ctx.db, aroha.workspaceId, 3);
  await setPrice(t.ctx.db, garlic, 3, 99);
});
afterAll(() => t.close());

const asBen = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  ben.api(method, path, body, aroha.shortCode);
const textItems = async () => z.array(ZTextItem).parse((await aroha.api('GET', '/cart/text-items')).json());
const written = async () => (await textItems()).map((item) => [item.text, item.quantity]);
const clearCart = async () => {
  await t.ctx.db.deleteFrom('cart_text_items').where('workspace_id', '=', aroha.workspaceId).execute();
  await t.ctx.db.deleteFrom('cart_items').where('workspace_id', '=', aroha.workspaceId).execute();
};

describe('a free-text item on the shopping list', () => {
  it('is written in by the Owner and by a Shared member, trimmed, a count of 1 unless given', async () => {
    await clearCart();
    const candles = await aroha.api('POST', '/cart', { text: '  birthday   candles ' });
    expect(candles.statusCode).toBe(200);
    expect(candles.json()).toMatchObject({ text: 'birthday candles', quantity: 1 });
    const bread = await asBen('POST', '/cart', { text: 'the good bread from the bakery', quantity: 2 });
    expect(bread.statusCode).toBe(200);
    expect(await written()).toEqual([
      ['birthday candles', 1],
      ['the good bread from the bakery', 2],
    ]);
    // The same text again (any case) adds to its count, as a product does.
    await asBen('POST', '/cart', { text: 'Birthday Candles', quantity: 3 });
    expect(await written()).toEqual([
      ['birthday candles', 4],
      ['the good bread from the bakery', 2],
    ]);
    // The products' list is untouched: a written item has no product or price.
    expect(ZCart.parse((await aroha.api('GET', '/cart')).json())).toEqual([]);
  });

  it('is edited (text and quantity) and ticked off by either member', async () => {
    const [candles, bread] = await textItems();
    if (!candles || !bread) throw new Error('items missing');
    const edited = await asBen('PATCH', `/cart/text-items/${candles.id}`, {
      text: 'candles, blue',
      quantity: 6,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ id: candles.id, text: 'candles, blue', quantity: 6 });
    expect((await aroha.api('DELETE', `/cart/text-items/${bread.id}`)).statusCode).toBe(204);
    // A second tick (a phone replaying it) is no error.
    expect((await asBen('DELETE', `/cart/text-items/${bread.id}`)).statusCode).toBe(204);
    expect(await written()).toEqual([['candles, blue', 6]]);
    const gone = await aroha.api('PATCH', `/cart/text-items/${bread.id}`, { quantity: 2 });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: textItemMessages.notFound });
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(TEXT_ITEM_MAX_LENGTH + 1) }, 'text'],
      [{ text: 42 }, 'text'],
      [{ text: 'garlic', quantity: 0 }, 'quantity'],
      [{ text: 'garlic', quantity: 1.5 }, 'quantity'],
      [{ text: 'garlic', quantity: 100 }, 'quantity'],
      [{ text: 'garlic', quantity: 'two' }, 'quantity'],
      [{}, 'productId'],
    ];
    for (const [body, field] of cases) {
      const res = await aroha.api('POST', '/cart', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await aroha.api('POST', '/cart', { text: 'x'.repeat(TEXT_ITEM_MAX_LENGTH) })).statusCode).toBe(
      200,
    );
    for (const path of ['/cart/text-items/abc', '/cart/text-items/0', '/cart/text-items/99999999999']) {
      expect((await aroha.api('PATCH', path, { quantity: 2 })).statusCode).toBe(400);
    }
    expect((await aroha.api('PATCH', '/cart/text-items/1', { quantity: -1 })).statusCode).toBe(400);
  });

  it('is the household’s alone: a stranger gets 403 and cannot reach it by id', async () => {
    await clearCart();
    const item = ZTextItem.parse((await aroha.api('POST', '/cart', { text: 'garlic' })).json());
    for (const [method, path, body] of [
      ['GET', '/cart/text-items', undefined],
      ['POST', '/cart', { text: 'sneaky' }],
      ['PATCH', `/cart/text-items/${item.id}`, { quantity: 9 }],
      ['DELETE', `/cart/text-items/${item.id}`, undefined],
      ['POST', `/cart/text-items/${item.id}/product`, { productId: garlic }],
    ] as const) {
      expect((await stranger.api(method, path, body, aroha.shortCode)).statusCode, path).toBe(403);
    }
    // In the stranger's own list the household's item id is simply not there.
    expect((await stranger.api('PATCH', `/cart/text-items/${item.id}`, { quantity: 9 })).statusCode).toBe(
      404,
    );
    expect((await stranger.api('DELETE', `/cart/text-items/${item.id}`)).statusCode).toBe(204);
    expect(await written()).toEqual([['garlic', 1]]);
  });

  it("becomes a product when one is chosen ('Choose a product')", async () => {
    const [item] = await textItems();
    if (!item) throw new Error('garlic missing');
    const chosen = await asBen('POST', `/cart/text-items/${item.id}/product`, { productId: garlic });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ product: { id: garlic, name: 'Garlic Bulb' }, quantity: 1 });
    expect(await written()).toEqual([]);
    const cart = ZCart.parse((await aroha.api('GET', '/cart')).json());
    expect(cart.map((line) => [line.product.name, line.quantity])).toEqual([['Garlic Bulb', 1]]);
    expect(
      (await asBen('POST', `/cart/text-items/${item.id}/product`, { productId: garlic })).statusCode,
    ).toBe(404);
  });

  it('counts in the shopping list’s cap, for products and written items alike', async () => {
    await clearCart();
    const now = Date.now();
    await t.ctx.db
      .insertInto('cart_text_items')
      .values(
        Array.from({ length: workspaceLimits.cartItems }, (_, i) => ({
          workspace_id: aroha.workspaceId,
          text: `thing ${i}`,
          quantity: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const text = await asBen('POST', '/cart', { text: 'one more thing' });
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json().errors)).toEqual(['text']);
    const product = await aroha.api('POST', '/cart', { productId: garlic, quantity: 1 });
    expect(product.statusCode).toBe(400);
    expect(Object.keys(product.json().errors)).toEqual(['productId']);
    await clearCart();
  });
});

describe('a free-text item on a named list', () => {
  it('is added, edited and removed by either member, and comes along when the list goes on the shopping list', async () => {
    await clearCart();
    const list = (await aroha.api('POST', '/lists', { name: 'Party', productId: garlic })).json() as {
      id: number;
    };
    const added = await asBen('POST', `/lists/${list.id}/items`, { text: ' birthday candles ', quantity: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ text: 'birthday candles', quantity: 2 });
    const item = ZTextItem.parse(added.json());
    await aroha.api('POST', `/lists/${list.id}/items`, { text: 'balloons' });
    const patched = await aroha.api('PATCH', `/lists/${list.id}/items/${item.id}`, { quantity: 3 });
    expect(patched.json()).toMatchObject({ text: 'birthday candles', quantity: 3 });
    const listed = z.array(ZTextItem).parse((await asBen('GET', `/lists/${list.id}/items`)).json());
    expect(listed.map((i) => [i.text, i.quantity])).toEqual([
      ['birthday candles', 3],
      ['balloons', 1],
    ]);

    expect((await asBen('POST', `/lists/${list.id}/cart`)).statusCode).toBe(200);
    expect(await written()).toEqual([
      ['birthday candles', 3],
      ['balloons', 1],
    ]);
    const balloons = listed[1];
    if (!balloons) throw new Error('balloons missing');
    expect((await asBen('DELETE', `/lists/${list.id}/items/${balloons.id}`)).statusCode).toBe(204);
    expect((await aroha.api('GET', `/lists/${list.id}/items`)).json()).toHaveLength(1);

    const bad = await aroha.api('POST', `/lists/${list.id}/items`, { text: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['text']);
    expect((await aroha.api('POST', '/lists/99999/items', { text: 'x' })).statusCode).toBe(404);
    expect(
      (await stranger.api('POST', `/lists/${list.id}/items`, { text: 'x' }, aroha.shortCode)).statusCode,
    ).toBe(403);
    expect((await stranger.api('POST', `/lists/${list.id}/items`, { text: 'x' })).statusCode).toBe(404);
  });

  it('counts in the list’s item count, on the lists screen and in the start-up data', async () => {
    const list = (await aroha.api('POST', '/lists', { name: 'Picnic', productId: garlic })).json() as {
      id: number;
    };
    const countOf = (lists: { id: number; itemCount: number }[]) =>
      lists.find((l) => l.id === list.id)?.itemCount;
    // Start-up data read before the change is kept per process: the change must reach it.
    const startUp = async () => (await aroha.request({ method: 'POST', url: '/api/init/start' })).json();
    expect(countOf((await startUp()).lists)).toBe(1);
    await asBen('POST', `/lists/${list.id}/items`, { text: 'paper plates' });
    await aroha.api('POST', `/lists/${list.id}/items`, { text: 'sunscreen', quantity: 2 });
    // Garlic plus two written items: three lines on the list, whatever the quantities.
    expect(countOf((await asBen('GET', '/lists')).json())).toBe(3);
    expect(countOf((await startUp()).lists)).toBe(3);
    // What a phone asks again after its own change to a list (workspace-lists.ts: recountLists).
    const switched = await ben.request({ method: 'POST', url: `/api/init/switch/${aroha.shortCode}` });
    expect(countOf(switched.json().lists)).toBe(3);
  });
});
