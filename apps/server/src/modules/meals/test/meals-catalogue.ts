// A small real-shaped catalogue for the meals tests, written through the real ingest (so search,
// the catalogue snapshot and prices are as in production), at two Albany stores.
import { priceLine, stores } from '../../../test/fixtures/feed-lines.js';
import type { TestApp } from '../../../test/test-app.js';
import { ingestLines } from '../../ingest/ingest.service.js';

const A = stores.paknsaveAlbany;
const B = stores.newWorldAlbany;

interface Item {
  key: string;
  name: string;
  brand: string | null;
  size: string;
  a?: number;
  b?: number;
  weight?: boolean;
}

export const mealsItems: Item[] = [
  { key: 'MILK2', name: 'Anchor Blue Top Milk', brand: 'Anchor', size: '2L', a: 400, b: 450 },
  {
    key: 'EGGS12',
    name: 'Woodland Free Range Eggs Size 7',
    brand: 'Woodland',
    size: '12 pack',
    a: 900,
    b: 950,
  },
  { key: 'BUTTER', name: 'Mainland Salted Butter', brand: 'Mainland', size: '500g', a: 700, b: 650 },
  { key: 'PEANUT', name: 'Pics Peanut Butter Smooth', brand: 'Pics', size: '380g', a: 600 },
  { key: 'ONIONS', name: 'Brown Onions', brand: null, size: 'per kg', a: 300, weight: true },
  { key: 'FLOUR', name: 'Edmonds Standard Grade Flour', brand: 'Edmonds', size: '1.5kg', a: 350, b: 360 },
  { key: 'TOMS', name: "Wattie's Chopped Tomatoes", brand: "Wattie's", size: '400g', a: 150, b: 160 },
  { key: 'CHEESE', name: 'Mainland Tasty Cheese', brand: 'Mainland', size: '1kg', a: 1400, b: 1300 },
  { key: 'PASTA', name: 'San Remo Spaghetti', brand: 'San Remo', size: '500g', a: 250 },
  { key: 'MINCE', name: 'Beef Mince Premium', brand: null, size: '500g', a: 999, b: 1099 },
];

/** Ingests the items; answers the store ids (a: PAK'nSAVE Albany, b: New World Albany) and product ids by key. */
export async function loadMealsCatalogue(t: TestApp) {
  const lines: string[] = [];
  for (const item of mealsItems) {
    for (const [at, price] of [
      [A, item.a],
      [B, item.b],
    ] as const) {
      if (price === undefined) continue;
      lines.push(
        priceLine(at, {
          productKey: item.key,
          name: item.name,
          brand: item.brand,
          size: item.size,
          price,
          ...(item.weight ? { saleType: 'weight', minimumQuantity: 0.2, minimumIncrement: 0.1 } : {}),
        }),
      );
    }
  }
  await ingestLines(t.ctx, lines);
  const storeRows = await t.ctx.db.selectFrom('stores').select(['id', 'source_id']).execute();
  const storeId = (sourceId: string) => storeRows.find((r) => r.source_id === sourceId)?.id ?? -1;
  const productRows = await t.ctx.db.selectFrom('products').select(['id', 'name']).execute();
  const products = Object.fromEntries(
    mealsItems.map((item) => [item.key, productRows.find((row) => row.name === item.name)?.id ?? -1]),
  ) as Record<string, number>;
  return { a: storeId(A.store), b: storeId(B.store), products };
}
