import { describe, expect, it } from 'vitest';
import type { Product } from './api.js';
import {
  cartWithEdits,
  cartWorkspaceOf,
  editOf,
  type OfflineEdit,
  supersededBy,
  textItemsWithEdits,
} from './offline-edits.js';
import type { CartItem } from './shopping-api.js';

const product = (id: number, minimumQuantity = 1): Product =>
  ({ id, name: `P${id}`, minimumQuantity, minimumIncrement: minimumQuantity }) as unknown as Product;
const line = (id: number, quantity: number): CartItem => ({ product: product(id), quantity });
const quantities = (cart: CartItem[]) => cart.map((item) => [item.product.id, item.quantity]);

describe('editOf', () => {
  it('reads the shopping-list writes, and nothing else', () => {
    expect(editOf({ method: 'POST', path: '/api/abc/cart', body: { productId: 3, quantity: 2 } }, 5)).toEqual(
      {
        kind: 'add',
        productId: 3,
        quantity: 2,
      },
    );
    expect(editOf({ method: 'PUT', path: '/api/abc/cart', body: { productId: 3, quantity: 2 } }, 5)).toEqual({
      kind: 'set',
      productId: 3,
      quantity: 2,
      changedAt: 5,
    });
    expect(editOf({ method: 'DELETE', path: '/api/abc/cart/3' }, 5)).toEqual({
      kind: 'remove',
      productId: 3,
    });
    expect(editOf({ method: 'POST', path: '/api/abc/lists/7/cart' }, 5)).toMatchObject({
      kind: 'addList',
      listId: 7,
    });
    expect(editOf({ method: 'POST', path: '/api/abc/favourites/3' }, 5)).toBeNull();
    expect(editOf({ method: 'PUT', path: '/api/abc/cart', body: { productId: 3 } }, 5)).toBeNull();
  });

  it('names the workspace of a shopping-list path', () => {
    expect(cartWorkspaceOf('/api/abc/cart/3')).toBe('abc');
    expect(cartWorkspaceOf('/api/abc/lists')).toBeNull();
  });
});

describe('cartWithEdits', () => {
  const cart = [line(1, 2), line(2, 1)];

  it('sums adds onto a line, and adds a new line at the end when the product is known', () => {
    const result = cartWithEdits(cart, [
      { kind: 'add', productId: 1, quantity: 0.5 },
      { kind: 'add', productId: 3, quantity: 1, product: product(3) },
    ]);
    expect(quantities(result)).toEqual([
      [1, 2.5],
      [2, 1],
      [3, 1],
    ]);
  });

  it('removes idempotently, and a set changes only a line still listed', () => {
    const result = cartWithEdits(cart, [
      { kind: 'remove', productId: 2 },
      { kind: 'remove', productId: 2 },
      { kind: 'set', productId: 1, quantity: 6, changedAt: 1 },
      { kind: 'set', productId: 2, quantity: 6, changedAt: 1 },
    ]);
    expect(quantities(result)).toEqual([[1, 6]]);
  });

  it('puts a list on at each product’s minimum, summing with what is there', () => {
    const result = cartWithEdits(cart, [
      { kind: 'addList', listId: 7, products: [product(1), product(4, 0.5)] },
    ]);
    expect(quantities(result)).toEqual([
      [1, 3],
      [2, 1],
      [4, 0.5],
    ]);
  });

  it('keeps edits in order: an add after a remove brings the line back', () => {
    const result = cartWithEdits(cart, [
      { kind: 'remove', productId: 1 },
      { kind: 'add', productId: 1, quantity: 1, product: product(1) },
    ]);
    expect(quantities(result)).toEqual([
      [2, 1],
      [1, 1],
    ]);
  });
});

describe("a phone's own queued edits (issue 49)", () => {
  const put = (productId: number, quantity: number, changedAt: number, path = '/api/abc/cart') => ({
    path,
    body: { productId, quantity, changedAt },
    edit: { kind: 'set' as const, productId, quantity, changedAt },
  });

  it('three +0.1 kg taps on Bananas 1.0 kg show 1.3 kg, and only the last set is still to send', () => {
    const taps = [put(1, 1.1, 10), put(1, 1.2, 20), put(1, 1.3, 30)];
    let waiting: typeof taps = [];
    for (const tap of taps) {
      const pointless = supersededBy(waiting, tap);
      waiting = [...waiting.filter((entry) => !pointless.includes(entry)), tap];
    }
    expect(waiting).toEqual([put(1, 1.3, 30)]);
    expect(
      quantities(
        cartWithEdits(
          [line(1, 1)],
          taps.map((t) => t.edit),
        ),
      ),
    ).toEqual([[1, 1.3]]);
  });

  it('Lite Cream +2 from 1 ends at 3', () => {
    const edits: OfflineEdit[] = [put(2, 2, 10).edit, put(2, 3, 20).edit];
    expect(quantities(cartWithEdits([line(2, 1)], edits))).toEqual([[2, 3]]);
  });

  it('keeps sets of other items, other workspaces, adds, removals and settings changes', () => {
    const add = {
      path: '/api/abc/cart',
      body: { productId: 1, quantity: 1 },
      edit: { kind: 'add' as const, productId: 1, quantity: 1 },
    };
    const remove = { path: '/api/abc/cart/1', edit: { kind: 'remove' as const, productId: 1 } };
    const settings = { ...put(1, 2, 5), body: { productId: 1, quantity: 2, anyBrand: true, changedAt: 5 } };
    const waiting = [put(2, 1, 1), put(1, 1, 2, '/api/other/cart'), add, remove, settings];
    expect(supersededBy(waiting, put(1, 3, 9))).toEqual([]);
    expect(supersededBy([put(1, 2, 1)], add)).toEqual([]);
  });
});

describe('free-text items offline (issue 49 item 2)', () => {
  it('reads their writes', () => {
    expect(editOf({ method: 'POST', path: '/api/abc/cart', body: { text: ' garlic ' } }, 7)).toEqual({
      kind: 'addText',
      text: 'garlic',
      quantity: 1,
      localId: -7,
    });
    expect(editOf({ method: 'PATCH', path: '/api/abc/cart/text-items/4', body: { quantity: 3 } }, 7)).toEqual(
      {
        kind: 'setText',
        id: 4,
        quantity: 3,
      },
    );
    expect(editOf({ method: 'DELETE', path: '/api/abc/cart/text-items/4' }, 7)).toEqual({
      kind: 'removeText',
      id: 4,
    });
    expect(cartWorkspaceOf('/api/abc/cart/text-items')).toBe('abc');
    expect(cartWorkspaceOf('/api/abc/cart/text-items/-7')).toBe('abc');
  });

  it('show what the server will have: added (same text sums), changed and ticked off', () => {
    const items = [{ id: 1, text: 'Garlic', quantity: 1 }];
    const edits: OfflineEdit[] = [
      { kind: 'addText', text: 'garlic', quantity: 2, localId: -5 },
      { kind: 'addText', text: 'birthday candles', quantity: 1, localId: -6 },
      { kind: 'setText', id: -6, text: 'candles', quantity: 4 },
      { kind: 'removeText', id: 1 },
    ];
    expect(textItemsWithEdits(items, edits)).toEqual([{ id: -6, text: 'candles', quantity: 4 }]);
    expect(textItemsWithEdits(items, edits.slice(0, 1))).toEqual([{ id: 1, text: 'Garlic', quantity: 3 }]);
  });
});
