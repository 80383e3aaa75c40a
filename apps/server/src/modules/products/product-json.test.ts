import { type Price, ZProductList } from '@kete/shared';
import { describe, expect, it } from 'vitest';
import { compiledSerializerFor } from '../../plugins/response-serializer.js';
import { LIST_JSON, type WithListJsonBox, withListJsonBox } from './list-json-box.js';
import { keptProductListBytes, productListBytes } from './product-json.js';
import { type ProductShapeRow, toProduct } from './product-shape.js';

const writeList = compiledSerializerFor(ZProductList);

/** The answer's bytes read back as text, to compare with the whole list's serializer. */
const productListJson = (entries: Parameters<typeof productListBytes>[0]) =>
  productListBytes(entries).toString('utf8');

const row = (id: number, fields: Partial<ProductShapeRow> = {}): ProductShapeRow => ({
  id,
  name: `Product ${id}`,
  brand: 'Anchor',
  display_units: '2L',
  sale_type: 0,
  minimum_quantity: 1,
  minimum_increment: 1,
  image_url: `https://example.test/${id}.jpg`,
  ...fields,
});

const price = (storeId: number, amount: number, fields: Partial<Price> = {}): Price => ({
  storeId,
  price: amount,
  basePrice: amount,
  comparativePrice: Math.round(amount / 2),
  comparativeMeasure: '1L',
  promotionType: 0,
  priorPrice: null,
  usualPrice: null,
  lowest365: null,
  dealRating: null,
  unitPrice: Math.round(amount / 2),
  unitMeasure: 'L',
  ...fields,
});

const asWhole = (entries: { row: ProductShapeRow; prices: Price[] }[]) =>
  writeList(entries.map((entry) => toProduct(entry.row, entry.prices)));

describe('a product list written from kept pieces', () => {
  const shared = price(3, 450, {
    basePrice: 520,
    promotionType: 1,
    priorPrice: 520,
    usualPrice: 520,
    lowest365: 430,
    dealRating: 'genuine',
  });
  const entries = [
    { row: row(1), prices: [price(1, 399), shared] },
    // Text that must be escaped, a macron, and every nullable field null.
    {
      row: row(2, {
        name: 'Māori "Gold" Potatoes \\ 1kg\n',
        brand: null,
        image_url: null,
        display_units: null,
        sale_type: 1,
        minimum_quantity: 0.5,
        minimum_increment: 0.25,
      }),
      prices: [
        price(2, 1299, {
          comparativePrice: null,
          comparativeMeasure: null,
          unitPrice: null,
          unitMeasure: null,
        }),
      ],
    },
    // Not sold at any of the stores.
    { row: row(3), prices: [] },
  ];

  it('is the text the whole list serializer writes, in UTF-8, and valid under the contract', () => {
    const bytes = productListBytes(entries);
    expect(bytes.equals(Buffer.from(asWhole(entries), 'utf8'))).toBe(true);
    const json = bytes.toString('utf8');
    const products = ZProductList.parse(JSON.parse(json));
    expect(products[0]).toMatchObject({ bestPrice: 399, highestPrice: 450 });
    expect(products[1]?.name).toBe('Māori "Gold" Potatoes \\ 1kg\n');
    expect(products[2]).toMatchObject({ bestPrice: null, highestPrice: null, prices: [] });
  });

  it('writes the same text again from its kept pieces, in another answer at other stores', () => {
    expect(productListJson(entries)).toBe(asWhole(entries));
    const other = [
      { row: entries[2]?.row as ProductShapeRow, prices: [shared] },
      { row: entries[0]?.row as ProductShapeRow, prices: [shared] },
    ];
    expect(productListJson(other)).toBe(asWhole(other));
    expect(productListJson([])).toBe('[]');
  });

  it("keeps a shared list's product JSON while its budget lasts, and writes it each time after", () => {
    const budget = { bytesLeft: 10_000 };
    const kept = withListJsonBox([price(1, 250), price(2, 300)], budget);
    const second = withListJsonBox([price(3, 999)], budget);
    const answer = [
      { row: row(4), prices: kept },
      { row: row(5), prices: second },
    ];
    expect(productListJson(answer)).toBe(asWhole(answer));
    const keptText = kept[LIST_JSON]?.json?.toString('utf8') ?? '';
    expect(keptText.startsWith('{"id":4,"name":"Product 4"')).toBe(true);
    expect(keptText).toContain(',"bestPrice":250,"highestPrice":300,"prices":[');
    expect(budget.bytesLeft).toBe(
      10_000 - Buffer.byteLength(keptText) - (second[LIST_JSON]?.json?.length ?? 0),
    );
    // The budget spent, a new list's text is not kept, and the answer is still whole.
    budget.bytesLeft = 0;
    const late = withListJsonBox([price(6, 120)], budget);
    const again = [...answer, { row: row(6), prices: late }];
    expect(productListJson(again)).toBe(asWhole(again));
    expect(late[LIST_JSON]?.json).toBeUndefined();
  });
});

describe('an answer copied together from the products kept JSON', () => {
  const budget = { bytesLeft: 1_000_000 };
  const rows = new Map([1, 2, 3].map((id) => [id, row(id)]));
  const lists = new Map<number, WithListJsonBox<readonly Price[]>>([
    [1, withListJsonBox([price(1, 399), price(2, 450)], budget)],
    [2, withListJsonBox([price(2, 1299, { reported: true })], budget)],
    // Sold at none of the stores: an empty list, answered with no prices.
    [3, withListJsonBox([], budget)],
  ]);
  const entriesOf = (ids: number[]) =>
    ids.map((id) => ({ row: rows.get(id) as ProductShapeRow, prices: [...(lists.get(id) ?? [])] }));

  it('is undefined while a product has no prices kept here, and keeps the JSON it writes', () => {
    // A product whose prices at these stores were never read here is not guessed at.
    expect(keptProductListBytes(rows, lists, [1, 4])).toBeUndefined();
    expect(keptProductListBytes(rows, lists, [1, 2, 3])).toBeDefined();
    expect(lists.get(1)?.[LIST_JSON]?.json?.toString('utf8')).toBe(asWhole(entriesOf([1])).slice(1, -1));
  });

  it('is the same text as the whole list serializer writes, in any order', () => {
    for (const ids of [[1, 2, 3], [3, 1], [2], []]) {
      const kept = keptProductListBytes(rows, lists, ids);
      expect(kept?.toString('utf8'), ids.join(',')).toBe(asWhole(entriesOf(ids)));
    }
  });
});
