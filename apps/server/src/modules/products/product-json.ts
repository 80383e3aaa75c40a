// A list of Products as JSON, written from pieces kept between requests. A search with a new text
// answers 50 products at the workspace's stores (62 KB at 6 stores); writing them field by field
// and then flattening the result into bytes was a fifth of its CPU (decision 0011, fifth round).
// Yet the pieces repeat: a priced pair (price-cache.ts) is the same object in every answer that
// shows it, at any set of stores, and a product's own fields are the same row of the catalogue
// snapshot. So each price's JSON is written once and kept on it, each product's fixed fields once
// and kept on its row, and an answer joins them. The pieces come from the contract's compiled
// serializer, and a test holds the joined answer to the whole list's serializer.
import { type Price, ZPrice, ZProduct, ZProductList } from '@kete/shared';
import { compiledSerializerFor } from '../../plugins/response-serializer.js';
import { LIST_JSON, PRICE_JSON, type WithJsonSlot, type WithListJsonBox } from './price-json-slot.js';
import { type ProductShapeRow, toProduct } from './product-shape.js';

export interface ProductEntry {
  row: ProductShapeRow;
  /** Its prices at the asked stores, cheapest first. */
  prices: Price[];
}

const writePrice = compiledSerializerFor(ZPrice);
const writeProduct = compiledSerializerFor(ZProduct);

// Kept with the objects, for as long as they live: both are shared and never changed once built
// (a price once its verdict is filled in: on the price itself, price-json-slot.ts; a row once read:
// beside it, 30,000 rows at most). Flat strings: a serializer's output is
// a tree of small pieces, and 180,000 such trees kept alive cost the garbage collector more than
// writing them again did (tried: 403 MB per worker and fewer searches a second).
const fieldsTexts = new WeakMap<ProductShapeRow, string>();

/** What follows a product's own fields when it has no prices. */
const NO_PRICES_TAIL = ',"bestPrice":null,"highestPrice":null,"prices":[]}';

/** The same text as one flat string: converting a string to a number makes V8 flatten it. */
function flat(text: string): string {
  Number(text);
  return text;
}

function priceJson(price: WithJsonSlot<Price>): string {
  const kept = price[PRICE_JSON];
  if (kept !== undefined) return kept;
  const json = flat(writePrice(price));
  // Only a price read from the database has the slot (and is kept); others are written each time.
  if (Object.hasOwn(price, PRICE_JSON)) price[PRICE_JSON] = json;
  return json;
}

/** `{"id":..,"name":..` up to minimumIncrement: the product's fields that do not depend on stores. */
function fieldsJson(row: ProductShapeRow): string {
  let json = fieldsTexts.get(row);
  if (json === undefined) {
    const whole = writeProduct(toProduct(row, []));
    if (!whole.endsWith(NO_PRICES_TAIL)) throw new Error('The Product contract changed its field order.');
    json = flat(whole.slice(0, -NO_PRICES_TAIL.length));
    fieldsTexts.set(row, json);
  }
  return json;
}

/** The same text as the contract's serializer writes for these products (toProduct of each). */
export function productListJson(entries: readonly ProductEntry[]): string {
  // Every piece in one list, joined once: joining per product and then again copied each byte twice.
  const parts: string[] = ['['];
  entries.forEach(({ row, prices }, index) => {
    parts.push(index === 0 ? '' : ',', fieldsJson(row));
    const box = (prices as WithListJsonBox<Price[]>)[LIST_JSON];
    if (box === undefined) {
      pushPricesTail(parts, prices);
      return;
    }
    // A shared list (price-cache.ts): its text is written once while the budget lasts.
    let json = box.json;
    if (json === undefined) {
      const tail: string[] = [];
      pushPricesTail(tail, prices);
      json = flat(tail.join(''));
      if (box.budget.charsLeft >= json.length) {
        box.budget.charsLeft -= json.length;
        box.json = json;
      }
    }
    parts.push(json);
  });
  parts.push(']');
  const json = parts.join('');
  // The test suite checks every answer against the contract, as the checked serializer would.
  if (process.env.VITEST) ZProductList.parse(JSON.parse(json));
  return json;
}

/** A product's JSON from bestPrice to its end: `,"bestPrice":..,"highestPrice":..,"prices":[..]}`. */
function pushPricesTail(parts: string[], prices: readonly Price[]): void {
  let best: number | null = null;
  let highest: number | null = null;
  for (const price of prices) {
    if (best === null || price.price < best) best = price.price;
    if (highest === null || price.price > highest) highest = price.price;
  }
  parts.push(`,"bestPrice":${best},"highestPrice":${highest},"prices":[`);
  prices.forEach((price, at) => {
    if (at > 0) parts.push(',');
    parts.push(priceJson(price));
  });
  parts.push(']}');
}
