// Prices-over-time figures on an existing catalogue (issue 12): what the verdicts add to a search
// (50 products at a 6-store workspace), cold and warm, and the history read for one product.
// Run against a data folder that already holds a catalogue, e.g. after a first start with the
// demo data:  KETE_DATA_DIR=... node apps/server/dist/bench/verdict-bench.js
import { DAY_MS } from '@kete/shared';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { historySince } from '../modules/products/price-history.repository.js';
import { forgetVerdicts, verdictsFor } from '../modules/products/price-verdicts.js';
import { findProducts } from '../modules/products/product-shape.js';
import { searchProductIds } from '../modules/products/search/search.service.js';
import { sixAucklandStores } from './bench-stores.js';

const queries = [
  'milk',
  'bread',
  'butter',
  'cheese',
  'eggs',
  'chicken',
  'coffee',
  'chocolate',
  'pasta',
  'rice',
];

function summary(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  console.log(
    `${name.padEnd(44)} p50 ${at(0.5).toFixed(2)} ms  p95 ${at(0.95).toFixed(2)} ms  (${samples.length} runs)`,
  );
}

async function main() {
  const ctx = await createContext(loadConfig(process.env), { startTasks: false });
  const six = await sixAucklandStores(ctx.db);
  const idsByQuery = await Promise.all(queries.map((q) => searchProductIds(ctx.db, ctx.dialect, q)));
  const now = Date.now();
  const rounds = 20;

  const cold: number[] = [];
  const warm: number[] = [];
  const verdictsCold: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const ids of idsByQuery) {
      forgetVerdicts();
      let t = performance.now();
      await findProducts(ctx.db, ids, six, now);
      cold.push(performance.now() - t);
      t = performance.now();
      await findProducts(ctx.db, ids, six, now);
      warm.push(performance.now() - t);
      forgetVerdicts();
      const pairs = six.flatMap((storeId) => ids.map((productId) => ({ storeId, productId })));
      t = performance.now();
      await verdictsFor(ctx.db, ctx.dialect, pairs, now);
      verdictsCold.push(performance.now() - t);
    }
  }
  console.log(`Search pricing (50 products x ${six.length} stores, ${ctx.dialect}):`);
  summary('products + prices, verdict cache cold', cold);
  summary('products + prices, verdict cache warm', warm);
  summary('verdicts alone, cold (history read + rules)', verdictsCold);

  const product = idsByQuery[0]?.slice(0, 20) ?? [];
  for (const days of [90, 365]) {
    const samples: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const id of product) {
        const t = performance.now();
        await historySince(ctx.db, ctx.dialect, [id], six, now - days * DAY_MS);
        samples.push(performance.now() - t);
      }
    }
    summary(`history read, one product, ${days} days`, samples);
  }
  await ctx.database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
