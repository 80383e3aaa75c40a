// Prices and history refer only to stores and products that exist, on both engines: foreign keys
// on SQLite, statement-level checks on PostgreSQL (price-key-checks.migration.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../test/fixtures/catalogue-setup.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let store: number;
let product: number;
beforeAll(async () => {
  t = await buildTestApp();
  store = (await loadCatalogue(t)).newWorld;
  const row = await t.ctx.db
    .selectFrom('prices')
    .select('product_id')
    .where('store_id', '=', store)
    .executeTakeFirstOrThrow();
  product = row.product_id;
});
afterAll(() => t.close());

/** A row for prices or price_history (both take these columns) at this store and product. */
const keyedRow = (storeId: number, productId: number) => ({
  store_id: storeId,
  product_id: productId,
  price: 100,
  base_price: 100,
  promotion_type: 0,
  observed_at: 1,
});

describe('price keys', () => {
  it('refuses a price or history row for a store or product that does not exist, keeping none of the statement', async () => {
    const missing = 999_999;
    const count = async () =>
      Number(
        (await t.ctx.db.selectFrom('prices').select(t.ctx.db.fn.countAll().as('n')).executeTakeFirstOrThrow())
          .n,
      );
    const before = await count();
    const freeStore = (
      await t.ctx.db.selectFrom('stores').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    for (const rows of [
      [keyedRow(freeStore, product), keyedRow(missing, product)],
      [keyedRow(freeStore, product), keyedRow(freeStore, missing)],
    ]) {
      await expect(t.ctx.db.insertInto('prices').values(rows).execute()).rejects.toThrow(/foreign key/i);
    }
    expect(await count()).toBe(before);
    for (const row of [keyedRow(missing, product), keyedRow(store, missing)]) {
      await expect(t.ctx.db.insertInto('price_history').values(row).execute()).rejects.toThrow(
        /foreign key/i,
      );
    }
    await expect(
      t.ctx.db
        .updateTable('prices')
        .set({ product_id: missing })
        .where('store_id', '=', store)
        .where('product_id', '=', product)
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });

  it('refuses deleting a store or product that prices or history refer to', async () => {
    await expect(t.ctx.db.deleteFrom('products').where('id', '=', product).execute()).rejects.toThrow(
      /foreign key/i,
    );
    await expect(t.ctx.db.deleteFrom('stores').where('id', '=', store).execute()).rejects.toThrow(
      /foreign key/i,
    );
  });

  it('refuses changing the id of a product that prices refer to', async () => {
    await expect(
      sql`update products set id = id + 1000000 where id = ${product}`.execute(t.ctx.db),
    ).rejects.toThrow(/foreign key/i);
  });
});
