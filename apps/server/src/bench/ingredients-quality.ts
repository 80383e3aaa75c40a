// npm run quality:ingredients (issue 34): on a hand-checked sample of real recipe lines
// (ingredients-sample.ts), the share parsed correctly (quantity, unit, name) and the share matched
// correctly on the demo catalogue (the product chosen by the same rule the server uses,
// chooseProduct, among the demo's 3,000 products at their shelf prices; right when its name holds
// the expected words, or when nothing is chosen for a thing the demo does not sell).
import { type CostedProduct, chooseProduct, parseIngredientLine } from '@kete/shared';
import { demoProducts } from '../modules/catalogue/demo/demo-products.js';
import { DEMO_PRODUCTS } from '../modules/catalogue/demo/demo-seed.js';
import { ingredientsSample } from './ingredients-sample.js';

const candidates: CostedProduct[] = demoProducts(DEMO_PRODUCTS).map((p) => ({
  id: p.index + 1,
  name: p.name,
  brand: p.brand,
  displayUnits: p.size,
  saleType: p.byWeight ? 1 : 0,
  price: p.price,
  minimumQuantity: p.byWeight ? 0.2 : 1,
  minimumIncrement: p.byWeight ? 0.1 : 1,
}));

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
const words = (text: string) => text.toLowerCase().split(/\s+/);

let parsedRight = 0;
let matchedRight = 0;
let bothRight = 0;
const misses: string[] = [];
for (const [line, quantity, unit, name, buy] of ingredientsSample) {
  const parsed = parseIngredientLine(line);
  const parseOk = round(parsed.quantity) === round(quantity) && parsed.unit === unit && parsed.name === name;
  const chosen = parsed.toTaste && parsed.quantity === null ? null : chooseProduct(parsed, candidates);
  const productWords = chosen ? words(`${chosen.name} ${chosen.brand ?? ''}`) : [];
  const matchOk =
    buy === null ? chosen === null : chosen !== null && words(buy).every((w) => productWords.includes(w));
  if (parseOk) parsedRight++;
  if (matchOk) matchedRight++;
  if (parseOk && matchOk) bothRight++;
  if (!parseOk || !matchOk) {
    misses.push(
      `  ${line}\n    parsed ${parsed.quantity} ${parsed.unit} "${parsed.name}"${parseOk ? '' : ` (expected ${quantity} ${unit} "${name}")`}` +
        `; matched ${chosen ? `"${chosen.name}" ${chosen.displayUnits}` : 'nothing'}${matchOk ? '' : ` (expected ${buy ?? 'nothing'})`}`,
    );
  }
}

const n = ingredientsSample.length;
const pct = (k: number) => `${((k / n) * 100).toFixed(1)}%`;
console.log(`Ingredient lines: ${n} (demo catalogue: ${candidates.length} products)`);
console.log(`Parsed correctly:           ${parsedRight}/${n} = ${pct(parsedRight)}`);
console.log(`Matched correctly:          ${matchedRight}/${n} = ${pct(matchedRight)}`);
console.log(`Parsed and matched right:   ${bothRight}/${n} = ${pct(bothRight)} (target 90%)`);
if (misses.length) console.log(`\nWrong:\n${misses.join('\n')}`);
process.exitCode = bothRight / n >= 0.9 ? 0 : 1;
