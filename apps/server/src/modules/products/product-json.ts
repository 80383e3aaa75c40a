// A list of Products as JSON, written from pieces kept between requests. A search with a new text
// answers 50 products at the workspace's stores (62 KB at 6 stores); writing them field by field
// and then flattening the result into bytes was a fifth of its CPU (decision 0011, fifth round).
// Yet the pieces repeat: a product's prices at a set of stores are one shared list (price-cache.ts)
// in every answer that shows it, and a product's own fields are the same row of the catalogue
// snapshot. So each list's JSON is written once and kept on it (while a budget lasts), each
// product's fixed fields once and kept for its row, and an answer is 100 pieces for 50 products,
// written straight into its bytes (lib/utf8-pieces.ts). (Each price's JSON was kept on the price
// before: 36 MB a worker at NZ scale, and no faster once the lists' JSON is kept.) The pieces come
// from the contract's compiled serializer, and a test holds the answer to the whole list's
// serializer.
import { type Price, trustedPriceRange, ZPrice, ZProduct, ZProductList } from '@kete/shared';
import { utf8OfPieces } from '../../lib/utf8-pieces.js';
import { compiledSerializerFor } from '../../plugins/response-serializer.js';
import { LIST_JSON, type WithListJsonBox } from './list-json-box.js';
import { type ProductShapeRow, toProduct } from './product-shape.js';

export interface ProductEntry {
  row: ProductShapeRow;
  /** Its prices at the asked stores, cheapest first. */
  prices: Price[];
}

const writePrice = compiledSerializerFor(ZPrice);
const writeProduct = compiledSerializerFor(ZProduct);

// Kept with the row, for as long as it lives (30,000 rows at most; never changed once read). Flat
// strings: a serializer's output is a tree of small pieces, and 180,000 such trees kept alive cost
// the garbage collector more than writing them again did (tried: 403 MB per worker and fewer
// searches a second).
const fieldsTexts = new WeakMap<ProductShapeRow, string>();

/** What follows a product's own fields when it has no prices. */
const NO_PRICES_TAIL = ',"bestPrice":null,"highestPrice":null,"prices":[]}';

/** The same text as one flat string: converting a string to a number makes V8 flatten it. */
function flat(text: string): string {
  Number(text);
  return text;
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

/**
 * The same text as the contract's serializer writes for these products (toProduct of each), as
 * UTF-8 bytes, as it is sent and kept (lib/answer-cache.ts): written piece by piece, never joined
 * into one string (lib/utf8-pieces.ts).
 */
export function productListBytes(entries: readonly ProductEntry[]): Buffer {
  const bytes = utf8OfPieces(productListPieces(entries));
  // The test suite checks every answer against the contract, as the checked serializer would.
  if (process.env.VITEST) ZProductList.parse(JSON.parse(bytes.toString('utf8')));
  return bytes;
}

/** Every piece of the answer in one list, written out once (pieces per product copied bytes twice). */
function productListPieces(entries: readonly ProductEntry[]): string[] {
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
  return parts;
}

/** A product's JSON from bestPrice to its end: `,"bestPrice":..,"highestPrice":..,"prices":[..]}`. */
function pushPricesTail(parts: string[], prices: readonly Price[]): void {
  const { best, highest } = trustedPriceRange(prices);
  parts.push(`,"bestPrice":${best},"highestPrice":${highest},"prices":[`);
  prices.forEach((price, at) => {
    if (at > 0) parts.push(',');
    parts.push(writePrice(price));
  });
  parts.push(']}');
}
