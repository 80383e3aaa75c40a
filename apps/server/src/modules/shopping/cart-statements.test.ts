// How many writing statements each shopping-list change sends: on PostgreSQL each is a round
// trip, and the write mix is mostly these (decision 0011, tenth round).
import type { KyselyPlugin, OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { testDialect } from '../../test/test-database.js';
import { cartService } from './cart.service.js';
import { createProduct } from './test/catalogue-fixtures.js';
import { type Shopper, signInShopper } from './test/household.js';

let t: TestApp;
let aroha: Shopper;
beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
});
afterAll(() => t.close());

/** A write, or a read whose WITH writes (PostgreSQL's change-or-insert). Raw SQL here only reads. */
const writes = (node: OperationNode) =>
  ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode'].includes(node.kind) ||
  (node.kind === 'SelectQueryNode' && (node as { with?: unknown }).with !== undefined);

describe('statements a shopping-list change sends', () => {
  it('one for a listed item; a new one also one on PostgreSQL, the change then the insert on SQLite', async () => {
    const sent: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (writes(node)) sent.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const cart = cartService({ ...t.ctx, db: t.ctx.db.withPlugin(counting) });
    const [bread, milk] = [
      await createProduct(t.ctx.db, { name: 'Bread' }),
      await createProduct(t.ctx.db, { name: 'Milk' }),
    ];
    const sentBy = async (change: () => Promise<unknown>) => {
      sent.length = 0;
      await change();
      return [...sent];
    };
    // PostgreSQL: the change or the insert, as a SELECT over two data-modifying WITHs.
    const newItem =
      testDialect() === 'postgres' ? ['SelectQueryNode'] : ['UpdateQueryNode', 'InsertQueryNode'];
    const listedItem = testDialect() === 'postgres' ? ['SelectQueryNode'] : ['UpdateQueryNode'];

    expect(await sentBy(() => cart.add(aroha.workspaceId, bread, 1))).toEqual(newItem);
    expect(await sentBy(() => cart.add(aroha.workspaceId, bread, 2))).toEqual(listedItem);
    expect(await sentBy(() => cart.set(aroha.workspaceId, milk, 4))).toEqual(newItem);
    expect(await sentBy(() => cart.set(aroha.workspaceId, milk, 5))).toEqual(listedItem);
    expect(await sentBy(() => cart.remove(aroha.workspaceId, milk))).toEqual(['DeleteQueryNode']);

    const listed = await cart.list(aroha.workspaceId);
    expect(listed.map((item) => [item.product.id, item.quantity])).toEqual([[bread, 3]]);
  });
});
