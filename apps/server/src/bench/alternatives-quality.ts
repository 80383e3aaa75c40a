// npm run quality:alternatives: how often 'Any brand' alternatives are wrong (issue 13 target:
// under 5%), on the demo catalogue (3,000 products, the generator's own structure as the truth)
// and on a hand-checked sample of product records written the chains' ways (alternatives-sample.ts).
// Uses the same shared rule the alternatives route and the plan use (isAlternative).
import { isAlternative, type KindProduct } from '@kete/shared';
import { demoCategories, extraVariants } from '../modules/catalogue/demo/demo-catalogue-data.js';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { DEMO_PRODUCTS } from '../modules/catalogue/demo/demo-seed.js';
import { alternativesSample } from './alternatives-sample.js';

interface Tally {
  answered: number;
  wrong: number;
  truePairs: number;
  found: number;
  examples: string[];
}

function measure<T>(items: T[], kind: (item: T) => KindProduct, same: (a: T, b: T) => boolean): Tally {
  const tally: Tally = { answered: 0, wrong: 0, truePairs: 0, found: 0, examples: [] };
  const kinds = items.map(kind);
  items.forEach((a, i) => {
    items.forEach((b, j) => {
      if (i === j) return;
      const predicted = isAlternative(kinds[i] as KindProduct, kinds[j] as KindProduct);
      const truth = same(a, b);
      if (predicted) tally.answered++;
      if (truth) tally.truePairs++;
      if (predicted && truth) tally.found++;
      if (predicted && !truth) {
        tally.wrong++;
        if (tally.examples.length < 5) {
          const k = (x: KindProduct) => `${x.brand ?? ''} ${x.name} ${x.displayUnits}`.trim();
          tally.examples.push(`${k(kinds[i] as KindProduct)}  ->  ${k(kinds[j] as KindProduct)}`);
        }
      }
    });
  });
  return tally;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
function report(name: string, tally: Tally) {
  console.log(
    `${name}: ${tally.answered} alternatives answered, ${tally.wrong} wrong (${pct(tally.wrong, tally.answered)}); ` +
      `found ${tally.found} of ${tally.truePairs} true pairs (recall ${pct(tally.found, tally.truePairs)})`,
  );
  for (const example of tally.examples) console.log(`  wrong: ${example}`);
}

// Demo truth from the generator: the same item and variant; extra words only house-range ones
// (Value, Select, Classic, Signature, Smart Buy: a chain's range, not a different thing); a size
// the same, or of the same measure within 10%.
const houseRange = new Set(['', 'Value', 'Select', 'Classic', 'Signature', 'Smart Buy']);
const bases = new Map<string, { item: string; variant: string; category: string }>();
for (const category of demoCategories) {
  for (const item of category.items) {
    for (const variant of item.variants) {
      bases.set(`${variant} ${item.name}`.trim(), { item: item.name, variant, category: category.slug });
    }
  }
}
function demoTruth(name: string) {
  for (const extra of ['', ...extraVariants]) {
    const base = extra ? name.slice(0, -(extra.length + 1)) : name;
    if (extra && !name.endsWith(` ${extra}`)) continue;
    const found = bases.get(base);
    if (found) return { ...found, extra: houseRange.has(extra) ? '' : extra };
  }
  throw new Error(`cannot place demo product ${name}`);
}

const demo = demoProducts(DEMO_PRODUCTS).map((p) => ({ ...p, truth: demoTruth(p.name) }));
const demoTally = measure(
  demo,
  (p) => ({
    id: p.index + 1,
    name: p.name,
    brand: p.brand,
    displayUnits: p.size,
    category: p.category,
    saleType: p.byWeight ? 1 : 0,
  }),
  (a, b) => {
    const kind =
      a.truth.category === b.truth.category &&
      a.truth.item === b.truth.item &&
      a.truth.variant === b.truth.variant &&
      a.truth.extra === b.truth.extra;
    const size =
      a.size === b.size ||
      (a.unitMeasure !== null &&
        a.unitMeasure === b.unitMeasure &&
        Math.abs((a.unitAmount as number) / (b.unitAmount as number) - 1) <= 0.11);
    return kind && size;
  },
);

// Sample ids only have to differ: each product gets its index.
const sample = measure(
  alternativesSample.map((p, i) => ({ p, i })),
  ({ p: [name, brand, size, category, saleType], i }) => ({
    id: i + 1,
    name,
    brand,
    displayUnits: size,
    category,
    saleType,
  }),
  (a, b) => a.p[5] === b.p[5],
);

report(`demo catalogue (${demo.length} products)`, demoTally);
report(`hand-checked sample (${alternativesSample.length} products)`, sample);
