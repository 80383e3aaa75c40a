// npm run quality:search (issue 49): for real shopper queries (search-queries.ts: Stats NZ's food
// price index items and real recipe ingredients), the share whose expected product is among the
// first 3 and the first 10 that search answers on the demo catalogue. The ranking is the server's
// own (MemorySearchIndex.search over the documents the ingest stores, searchDocument).
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { DEMO_PRODUCTS } from '../modules/catalogue/demo/demo-seed.js';
import { MemorySearchIndex } from '../modules/products/search/memory-index.js';
import { MAX_SEARCH_RESULTS } from '../modules/products/search/search.service.js';
import { queryTerms, searchDocument } from '../modules/products/search/search-text.js';
import { ingredientsSample } from './ingredients-sample.js';
import { statsNzQueries } from './search-queries.js';

/** A Stats NZ series title as a shopper types it: no pack size, brackets or price notes. */
export function shopperQuery(title: string): string {
  return title
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/- cheapest available|no\. 15/g, ' ')
    .replace(/\b(pk|box) of \d+|multipack( of \d+ to \d+|\d+)?|\d+ pack|\beach\b/g, ' ')
    .replace(/\d+(\.\d+)?\s*(kg|g|ml|litres?)?( to \d+(\.\d+)?\s*(kg|g|ml|litres?))?\b/g, ' ')
    .replace(/[-/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const products = demoProducts(DEMO_PRODUCTS);
const byId = new Map(products.map((p) => [p.index + 1, p]));
const index = new MemorySearchIndex(
  products.map((p) => ({
    id: p.index + 1,
    ...searchDocument({ name: p.name, brand: p.brand, displayUnits: p.size, category: p.category }),
  })),
  (id) => {
    const p = byId.get(id);
    return p && { nameLength: p.name.length, withdrawn: false };
  },
);

const words = (text: string) => text.toLowerCase().split(/\s+/);
/** Expected: alternatives split by "|", each the words the product's name must hold. */
const isExpected = (name: string, expected: string) =>
  expected.split('|').some((alternative) => words(alternative).every((w) => words(name).includes(w)));

const queries: { source: string; query: string; expected: string }[] = [
  ...statsNzQueries.flatMap(([title, expected]) =>
    expected ? [{ source: 'Stats NZ', query: shopperQuery(title), expected }] : [],
  ),
  ...ingredientsSample.flatMap(([, , , name, buy]) =>
    buy ? [{ source: 'recipes', query: name, expected: buy }] : [],
  ),
];

let top3 = 0;
let top10 = 0;
const misses: string[] = [];
for (const { source, query, expected } of queries) {
  const names = index.search(queryTerms(query), MAX_SEARCH_RESULTS).map((id) => byId.get(id)?.name ?? '');
  const at = names.findIndex((name) => isExpected(name, expected));
  if (at >= 0 && at < 3) top3++;
  if (at >= 0 && at < 10) top10++;
  if (at < 0 || at >= 3)
    misses.push(
      `  "${query}" (${source}): expected ${expected}; ${at < 0 ? 'not in the answer' : `first at ${at + 1}`}; top 3: ${names.slice(0, 3).join(', ') || 'nothing'}`,
    );
}

const n = queries.length;
const pct = (k: number) => `${((k / n) * 100).toFixed(1)}%`;
const none = statsNzQueries.filter(([, expected]) => expected === null).length;
console.log(
  `Shopper queries: ${n} (${queries.filter((q) => q.source === 'Stats NZ').length} Stats NZ food price index items, ` +
    `${queries.filter((q) => q.source === 'recipes').length} recipe ingredients; ${none} Stats NZ items the demo does not sell left out)`,
);
console.log(`Demo catalogue: ${products.length} products`);
console.log(`Expected product in the top 3:  ${top3}/${n} = ${pct(top3)}`);
console.log(`Expected product in the top 10: ${top10}/${n} = ${pct(top10)}`);
if (misses.length) console.log(`\nNot in the top 3:\n${misses.join('\n')}`);
