// A list of Products as JSON, copied together from UTF-8 bytes kept between requests. A search
// with a new text answers 50 products at the workspace's stores (62 KB at 6 stores); writing them
// field by field was a fifth of its CPU (decision 0011, fifth round), and encoding 100 kept
// strings into bytes still a quarter of its own work at NZ scale (decision 0031, third round).
// Yet the pieces repeat: a product's prices at a set of stores are one shared list (price-cache.ts)
// in every answer that shows it, and a product's own fields are the same row of the catalogue
// snapshot. So each product's JSON at a set of stores is written once and kept as bytes on its
// list (while a budget lasts), its fixed fields once for its row, and an answer for products
// whose prices are kept is one lookup and one copy each (keptProductListBytes). The pieces come
// from the contract's compiled serializer, and a test holds the answer to the whole list's
// serializer.
import { type Price, trustedPriceRange, ZPrice, ZProduct, ZProductList } from '@kete/shared';
import { ByteArena, byteLengthOf } from '../../lib/byte-arena.js';
import { sendBuffer } from '../../lib/send-buffers.js';
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

// Kept with the row, for as long as it lives (30,000 rows at most; never changed once read), as
// UTF-8 bytes: an answer is then copied together rather than encoded (writing 100 strings into a
// buffer, one call each, was a quarter of a new search's own work at NZ scale; decision 0031).
const fieldsBytes = new WeakMap<ProductShapeRow, Buffer>();
/** Where kept bytes live (lib/byte-arena.ts: not among each request's short-lived Buffers). */
const arena = new ByteArena();

/** What follows a product's own fields when it has no prices. */
const NO_PRICES_TAIL = ',"bestPrice":null,"highestPrice":null,"prices":[]}';

const NO_PRICES_TAIL_BYTES = Buffer.from(NO_PRICES_TAIL);
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** `{"id":..,"name":..` up to minimumIncrement: the product's fields that do not depend on stores. */
function fieldsText(row: ProductShapeRow): string {
  const whole = writeProduct(toProduct(row, []));
  if (!whole.endsWith(NO_PRICES_TAIL)) throw new Error('The Product contract changed its field order.');
  return whole.slice(0, -NO_PRICES_TAIL.length);
}

/** fieldsText as bytes, kept with the row: for products whose whole JSON is not kept. */
function fieldsJson(row: ProductShapeRow): Buffer {
  let bytes = fieldsBytes.get(row);
  if (bytes === undefined) {
    bytes = arena.keep([fieldsText(row)]);
    fieldsBytes.set(row, bytes);
  }
  return bytes;
}

/**
 * The same text as the contract's serializer writes for these products (toProduct of each), as
 * UTF-8 bytes, as it is sent and kept (lib/answer-cache.ts): the kept pieces copied into one
 * buffer (concatenated), never joined into a string.
 */
export function productListBytes(entries: readonly ProductEntry[], sentOnce = false): Buffer {
  return concatenated(productListPieces(entries), sentOnce);
}

/**
 * An answer's pieces as one Buffer: of its own when it may be kept (lib/answer-cache.ts), else
 * (`sentOnce`) in reused memory (lib/send-buffers.ts), which the route gives back once sent.
 */
function concatenated(parts: readonly Buffer[], sentOnce: boolean): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  let bytes: Buffer;
  if (sentOnce) {
    bytes = sendBuffer(length);
    let at = 0;
    for (const part of parts) at += part.copy(bytes, at);
  } else bytes = Buffer.concat(parts, length);
  // The test suite checks every answer against the contract, as the checked serializer would.
  if (process.env.VITEST) ZProductList.parse(JSON.parse(bytes.toString('utf8')));
  return bytes;
}

/** Every piece of the answer in one list: one per product with a kept list, else two. */
function productListPieces(entries: readonly ProductEntry[]): Buffer[] {
  const parts: Buffer[] = [OPEN];
  entries.forEach(({ row, prices }, index) => {
    if (index > 0) parts.push(COMMA);
    pushProduct(parts, row, prices);
  });
  parts.push(CLOSE);
  return parts;
}

/**
 * A product's JSON. A shared list (price-cache.ts) is one product's at one set of stores: its
 * product's whole JSON is written once and kept on it while the budget lasts.
 */
function pushProduct(parts: Buffer[], row: ProductShapeRow, prices: readonly Price[]): void {
  const box = (prices as WithListJsonBox<readonly Price[]>)[LIST_JSON];
  if (box?.json !== undefined) {
    parts.push(box.json);
    return;
  }
  if (prices.length === 0) {
    parts.push(fieldsJson(row), NO_PRICES_TAIL_BYTES);
    return;
  }
  const tail = pricesTail(prices);
  if (box !== undefined) {
    // Kept whole, the fields need no copy of their own: at NZ scale those copies were ~10 MB a
    // worker, the room that lets the budget hold every product's JSON at a workspace's stores.
    const fields = fieldsBytes.get(row) ?? fieldsText(row);
    const length = byteLengthOf(fields) + byteLengthOf(tail);
    if (box.budget.bytesLeft >= length) {
      const json = arena.keep([fields, tail]);
      box.budget.bytesLeft -= json.length;
      box.json = json;
      parts.push(json);
      return;
    }
  }
  parts.push(fieldsJson(row), Buffer.from(tail, 'utf8'));
}

/**
 * The answer for these products at these stores when every product's prices are kept already (a
 * search reaching products earlier searches priced), else undefined: then productListBytes of
 * findProductEntries writes it. One lookup a product instead of the row, the list and the text
 * each looked up, when its JSON is kept (decision 0031: a third of a new search's own work).
 */
export function keptProductListBytes(
  products: ReadonlyMap<number, ProductShapeRow>,
  lists: { get(productId: number): readonly Price[] | undefined },
  productIds: readonly number[],
  sentOnce = false,
): Buffer | undefined {
  const parts: Buffer[] = [OPEN];
  for (let i = 0; i < productIds.length; i++) {
    const id = productIds[i] as number;
    const prices = lists.get(id);
    if (prices === undefined) return undefined;
    if (i > 0) parts.push(COMMA);
    const json = (prices as WithListJsonBox<readonly Price[]>)[LIST_JSON]?.json;
    if (json !== undefined) {
      parts.push(json);
      continue;
    }
    const row = products.get(id);
    if (row === undefined) return undefined;
    pushProduct(parts, row, prices);
  }
  parts.push(CLOSE);
  return concatenated(parts, sentOnce);
}

/** A product's JSON from bestPrice to its end: `,"bestPrice":..,"highestPrice":..,"prices":[..]}`. */
function pricesTail(prices: readonly Price[]): string {
  const { best, highest } = trustedPriceRange(prices);
  let text = `,"bestPrice":${best},"highestPrice":${highest},"prices":[`;
  prices.forEach((price, at) => {
    text += at > 0 ? `,${writePrice(price)}` : writePrice(price);
  });
  return `${text}]}`;
}
