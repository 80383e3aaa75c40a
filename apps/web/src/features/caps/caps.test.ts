import { type CartItem, limitMessages, type Product, workspaceLimits } from '@kete/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, UNEXPECTED_MESSAGE } from '../../lib/api-errors.js';
import { cartQueryKey } from '../cart/api/cart-api.js';
import { assertCartRoom } from '../cart/cart-cap.js';
import { listProductsKey } from '../lists/api/lists-api.js';
import { assertListRoom } from '../lists/list-caps.js';
import { CapReached, refusalMessage } from './show-refusal.js';

const product = (id: number) => ({ id }) as Product;
const line = (id: number): CartItem => ({ product: product(id), quantity: 1 });
const full = (size: number) => Array.from({ length: size }, (_, i) => i + 1);

describe('refusalMessage', () => {
  it("shows the server's 400 message, a cap reached on hand, and nothing once the client routed", () => {
    const refused = new ApiRequestError(400, {
      message: limitMessages.favourites,
      errors: { productId: { message: limitMessages.favourites } },
    });
    expect(refusalMessage(refused)).toBe(limitMessages.favourites);
    expect(refusalMessage(new CapReached('lists'))).toBe(limitMessages.lists);
    expect(refusalMessage(new ApiRequestError(500, null, true))).toBeNull();
    expect(refusalMessage(new Error('boom'))).toBe(UNEXPECTED_MESSAGE);
  });
});

describe('assertCartRoom', () => {
  it('refuses a new product on a full, freshly loaded shopping list only', async () => {
    const client = new QueryClient();
    expect(() => assertCartRoom(client, 9999)).not.toThrow(); // not loaded: the server decides
    client.setQueryData(cartQueryKey, full(workspaceLimits.cartItems - 1).map(line));
    expect(() => assertCartRoom(client, 9999)).not.toThrow();
    client.setQueryData(cartQueryKey, full(workspaceLimits.cartItems).map(line));
    expect(() => assertCartRoom(client, 9999)).toThrow(limitMessages.cartItems);
    expect(() => assertCartRoom(client, 1)).not.toThrow(); // already on it: its quantity grows
    await client.invalidateQueries({ queryKey: cartQueryKey });
    expect(() => assertCartRoom(client, 9999)).not.toThrow(); // changed elsewhere: ask the server
  });
});

describe('assertListRoom', () => {
  it('refuses a new product on a full list whose products are loaded', () => {
    const client = new QueryClient();
    client.setQueryData(listProductsKey(7), full(workspaceLimits.listItems).map(product));
    expect(() => assertListRoom(client, 7, 9999)).toThrow(CapReached);
    expect(() => assertListRoom(client, 7, 3)).not.toThrow();
    expect(() => assertListRoom(client, 8, 9999)).not.toThrow();
  });
});
