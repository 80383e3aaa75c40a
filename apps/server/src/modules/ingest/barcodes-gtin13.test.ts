// Issue 45, item 4: a feed line's barcode is keyed as GTIN-13 whatever its source, and the rows an
// older Kete kept as sent are re-keyed by migration 095 (colliding rows included).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import { priceLine, stores } from '../../test/fixtures/feed-lines.js';
import { migrateAsOlderRelease } from '../../test/older-release.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { rekeyBarcodes } from './barcodes-gtin13.migration.js';
import { ingestLines } from './ingest.service.js';

describe('a feed line from any source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const productOf = async (chain: number, key: string) =>
    (
      await t.ctx.db
        .selectFrom('product_sources')
        .select('product_id')
        .where('chain', '=', chain)
        .where('product_key', '=', key)
        .executeTakeFirstOrThrow()
    ).product_id;

  it('has its 11- or 12-digit barcode found as the GTIN-13 a scan reads', async () => {
    const report = await ingestLines(t.ctx, [
      priceLine(stores.paknsaveAlbany, {
        productKey: 'UPC-12',
        name: 'Coke Zero 1.5L',
        barcode: '036000291452',
      }),
      priceLine(stores.newWorldAlbany, {
        productKey: 'UPC-11',
        name: 'Coke Zero 1.5L',
        barcode: '36000291452',
      }),
    ]);
    expect(report.skipped).toBe(0);
    const paknsave = await productOf(2, 'UPC-12');
    // One product from both chains, keyed on 13 digits.
    expect(await productOf(1, 'UPC-11')).toBe(paknsave);
    const rows = await t.ctx.db
      .selectFrom('product_barcodes')
      .selectAll()
      .where('product_id', '=', paknsave)
      .execute();
    expect(rows.map((r) => r.barcode)).toEqual(['0036000291452']);
    // Scanned as GTIN-13 in the app: found.
    const owner = await t.signIn('scan@example.com');
    const shortCode = (await owner.request({ method: 'POST', url: '/api/init/start' })).json().workspace
      .shortCode;
    const found = await owner.request({
      method: 'POST',
      url: `/api/${shortCode}/products/search`,
      payload: { text: '0036000291452' },
    });
    expect(found.json().map((p: { id: number }) => p.id)).toEqual([paknsave]);
  });

  it('loads with no barcode when its code identifies nothing across stores', async () => {
    const report = await ingestLines(t.ctx, [
      // A wrong check digit, and a store's own scale code (prefix 2).
      priceLine(stores.paknsaveAlbany, {
        productKey: 'BAD-CHECK',
        name: 'Odd Code Tea',
        barcode: '9414742350313',
      }),
      priceLine(stores.paknsaveAlbany, { productKey: 'SCALE', name: 'Avocado', barcode: '2679800000001' }),
    ]);
    expect(report.skipped).toBe(0);
    for (const key of ['BAD-CHECK', 'SCALE']) {
      const rows = await t.ctx.db
        .selectFrom('product_barcodes')
        .selectAll()
        .where('product_id', '=', await productOf(2, key))
        .execute();
      expect(rows, key).toEqual([]);
    }
  });
});

describe('rekeyBarcodes', () => {
  it('keeps a normalised row, gives a collision to the row already normalised or else the oldest product', () => {
    expect(
      rekeyBarcodes([
        { barcode: '0036000291452', product_id: 9 },
        { barcode: '036000291452', product_id: 3 },
        { barcode: '41570054161', product_id: 7 },
        { barcode: '041570054161', product_id: 5 },
        { barcode: '9414742350313', product_id: 4 },
      ]),
    ).toEqual({
      remove: ['036000291452', '9414742350313', '041570054161', '41570054161'],
      add: [{ barcode: '0041570054161', product_id: 5 }],
    });
  });
});

describe('095-barcodes-gtin13', () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.drop());

  it('re-keys the barcodes an older Kete kept as sent, colliding ones included', async () => {
    const db = await createTestDatabase();
    database = db;
    await migrateAsOlderRelease(db, (name) => name !== '095-barcodes-gtin13');
    const ids: number[] = [];
    for (const name of ['Coke Zero 1.5L', 'Coke Zero 1.5L (NW)', 'Tea', 'Beans']) {
      const row = await db.db
        .insertInto('products')
        .values({
          name,
          sale_type: 0,
          minimum_quantity: 1,
          minimum_increment: 1,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [coke, cokeNw, tea, beans] = ids as [number, number, number, number];
    await db.db
      .insertInto('product_barcodes')
      .values([
        { barcode: '036000291452', product_id: coke },
        { barcode: '36000291452', product_id: cokeNw },
        { barcode: '9414742350313', product_id: tea },
        { barcode: '9401234567894', product_id: beans },
      ])
      .execute();
    await migrateToLatest(db);
    const rows = await db.db.selectFrom('product_barcodes').selectAll().orderBy('barcode').execute();
    expect(rows).toEqual([
      { barcode: '0036000291452', product_id: coke },
      { barcode: '9401234567894', product_id: beans },
    ]);
  });
});
