// A list put on the shopping list (issue 32, item 9): one statement writes it, whatever the list's
// size; quantities merge with what is there by each product's own rule; the cap is all or nothing;
// the members hear of it once.
import { limitMessages, type WorkspaceEvent, workspaceLimits, ZCart } from '@kete/shared';
import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { openLiveStream } from '../events/test/sse-client.js';
import { cartService } from './cart.service.js';
import { createProduct } from './test/catalogue-fixtures.js';
import { type Shopper, shareWith, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
let ben: Shopper;
let cheese: number;
let mince: number;
let steak: number;

beforeAll(async () => {
  // On PostgreSQL the app's live events travel over LISTEN/NOTIFY: give it the database's address.
  t = await buildTestApp(
    testDialect() === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' } : {},
  );
  aroha = await signInShopper(t, 'aroha@example.com');
  ben = await signInShopper(t, 'ben@example.com');
  await shareWith(aroha, ben);
  cheese = await createProduct(t.ctx.db, { name: 'Cheese', minimumQuantity: 2, minimumIncrement: 1 });
  // Sold by weight from 0.5 kg in 0.2 kg steps: 0.5, 0.7, 0.9 ...
  mince = await createProduct(t.ctx.db, {
    name: 'Mince',
    saleType: 1,
    minimumQuantity: 0.5,
    minimumIncrement: 0.2,
  });
  // From 0.4 kg in 0.2 kg steps: its minimum added to a quantity on its steps stays on them.
  steak = await createProduct(t.ctx.db, {
    name: 'Steak',
    saleType: 1,
    minimumQuantity: 0.4,
    minimumIncrement: 0.2,
  });
});
afterAll(() => t.close());
beforeEach(() => clearCart(aroha));

async function listOf(shopper: Shopper, name: string, productIds: number[]): Promise<number> {
  const [first, ...rest] = productIds;
  const created = await shopper.api('POST', '/lists', { name, productId: first });
  expect(created.statusCode).toBe(200);
  const listId = created.json<{ id: number }>().id;
  if (rest.length > 0) {
    await t.ctx.db
      .insertInto('list_items')
      .values(rest.map((product_id) => ({ list_id: listId, product_id, created_at: 0 })))
      .execute();
  }
  return listId;
}

const quantities = async (shopper: Shopper) =>
  Object.fromEntries(
    ZCart.parse((await shopper.api('GET', '/cart')).json()).map((item) => [item.product.id, item.quantity]),
  );
const clearCart = (shopper: Shopper) =>
  t.ctx.db.deleteFrom('cart_items').where('workspace_id', '=', shopper.workspaceId).execute();

/** Counts the statements that write cart_items, of the queries built through the instance it is on. */
function cartWrites(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  const tableOf = (node: OperationNode | undefined): string | undefined =>
    node?.kind === 'TableNode'
      ? (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name
      : undefined;
  const writesCart = (node: RootOperationNode) => {
    if (node.kind === 'RawNode')
      return /\b(insert\s+into|update)\s+"?cart_items\b/i.test((node.sqlFragments ?? []).join('?'));
    if (node.kind === 'InsertQueryNode') return tableOf(node.into) === 'cart_items';
    if (node.kind === 'UpdateQueryNode') return tableOf(node.table) === 'cart_items';
    return false;
  };
  return {
    plugin: {
      transformQuery: ({ node }) => {
        if (writesCart(node)) count += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    },
    count: () => count,
  };
}

describe('a list put on the shopping list', () => {
  it('is one statement, however long the list', async () => {
    const products: number[] = [];
    for (let i = 0; i < 60; i++) products.push(await createProduct(t.ctx.db, { name: `Pantry ${i}` }));
    const listId = await listOf(aroha, 'Pantry', products);
    // Half of them on the shopping list already: merged by the same statement.
    for (const productId of products.slice(0, 30))
      expect((await aroha.api('POST', '/cart', { productId, quantity: 1 })).statusCode).toBe(200);
    const writes = cartWrites();
    const cart = cartService({ ...t.ctx, db: t.ctx.db.withPlugin(writes.plugin) });
    const answer = await cart.addList(aroha.workspaceId, listId);
    expect(writes.count()).toBe(1);
    expect(answer).toHaveLength(60);
    const after = await quantities(aroha);
    expect(products.map((id) => after[id])).toEqual(products.map((_, i) => (i < 30 ? 2 : 1)));
  });

  it("merges each product's minimum with what is listed, by its own rule", async () => {
    const listId = await listOf(aroha, 'Weekly', [cheese, mince, steak]);
    await aroha.api('PUT', '/cart', { productId: mince, quantity: 0.7 });
    await aroha.api('PUT', '/cart', { productId: steak, quantity: 0.6 });
    expect((await aroha.api('POST', `/lists/${listId}/cart`)).statusCode).toBe(200);
    // Cheese goes on at its minimum of 2; 0.6 kg + 0.4 kg of steak is 1 kg; 0.7 kg + 0.5 kg of mince
    // is 1.2 kg, off its 0.2 kg steps from 0.5 (0.5, 0.7 ... 1.1, 1.3): left as it was.
    expect(await quantities(aroha)).toEqual({ [cheese]: 2, [mince]: 0.7, [steak]: 1 });
    // At its maximum (999), cheese stays there; steak (50 kg at most) stops short of passing it.
    await aroha.api('PUT', '/cart', { productId: cheese, quantity: 998 });
    await aroha.api('PUT', '/cart', { productId: steak, quantity: 49.8 });
    expect((await aroha.api('POST', `/lists/${listId}/cart`)).statusCode).toBe(200);
    expect(await quantities(aroha)).toEqual({ [cheese]: 998, [mince]: 0.7, [steak]: 49.8 });
  });

  it('fits under the shopping list cap or changes nothing at all', async () => {
    const filler: number[] = [];
    for (let i = 0; i < workspaceLimits.cartItems; i++)
      filler.push(await createProduct(t.ctx.db, { name: `Filler ${i}` }));
    const fresh = [
      await createProduct(t.ctx.db, { name: 'New one' }),
      await createProduct(t.ctx.db, { name: 'New two' }),
    ];
    const now = Date.now();
    // Two slots short of the cap, with cheese among what is listed.
    await t.ctx.db
      .insertInto('cart_items')
      .values(
        [cheese, ...filler.slice(0, workspaceLimits.cartItems - 3)].map((product_id) => ({
          workspace_id: aroha.workspaceId,
          product_id,
          quantity_units: 20_000,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const tooMany = await listOf(aroha, 'Three new', [cheese, ...fresh, filler.at(-1) as number]);
    const refused = await aroha.api('POST', `/lists/${tooMany}/cart`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: limitMessages.cartItems,
      errors: { listId: { message: limitMessages.cartItems } },
    });
    // Nothing: not the new products, and not the cheese already there either.
    const before = await quantities(aroha);
    expect(Object.keys(before)).toHaveLength(workspaceLimits.cartItems - 2);
    expect(before[cheese]).toBe(2);

    const fits = await listOf(aroha, 'Two new', [cheese, ...fresh]);
    expect((await aroha.api('POST', `/lists/${fits}/cart`)).statusCode).toBe(200);
    const after = await quantities(aroha);
    expect(Object.keys(after)).toHaveLength(workspaceLimits.cartItems);
    expect([after[cheese], after[fresh[0] as number], after[fresh[1] as number]]).toEqual([4, 1, 1]);
    // Full: a list of products all listed already still merges.
    expect((await aroha.api('POST', `/lists/${fits}/cart`)).statusCode).toBe(200);
    expect((await quantities(aroha))[cheese]).toBe(6);
  });

  it('is heard by the other members once, as one change to the shopping list', async () => {
    const listId = await listOf(aroha, 'Heard', [cheese, mince]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const stream = await openLiveStream(
      `http://127.0.0.1:${port}/api/${aroha.shortCode}/events`,
      ben.headers.authorization.slice('Bearer '.length),
    );
    await stream.next('ready');
    expect((await aroha.api('POST', `/lists/${listId}/cart`)).statusCode).toBe(200);
    // A later change marks the end of what the list put on it.
    expect((await aroha.api('DELETE', `/cart/${mince}`)).statusCode).toBe(204);
    const heard: WorkspaceEvent[] = [];
    for (;;) {
      const event = (await stream.next('change'))?.data as WorkspaceEvent;
      heard.push(event);
      if (event.action === 'removed') break;
    }
    stream.close();
    expect(heard).toEqual([
      expect.objectContaining({ topic: 'cart', action: 'added', listId, byUserId: aroha.userId }),
      expect.objectContaining({ topic: 'cart', action: 'removed', productId: mince }),
    ]);
  });
});
