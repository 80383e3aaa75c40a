import { describe, expect, it } from 'vitest';
import {
  type ExportItem,
  type ExportList,
  exportFileName,
  itemLabel,
  listAsCsv,
  listAsJson,
  listAsText,
  notAKeteExport,
  parseKeteExport,
} from './list-export.js';
import { parseImportText } from './list-import.js';

const milk: ExportItem = {
  productId: 11,
  name: 'Blue Top Milk',
  brand: 'Anchor',
  displayUnits: '2L',
  saleType: 0,
  quantity: 2,
  lineTotal: 658,
};
const potatoes: ExportItem = {
  productId: 12,
  name: 'Washed Potatoes',
  brand: null,
  displayUnits: 'per kg',
  saleType: 1,
  quantity: 1.5,
  lineTotal: 449,
};
const sauce: ExportItem = {
  productId: 13,
  name: '=HYPERLINK("x"), "Wattie\'s"',
  brand: "Wattie's",
  displayUnits: null,
  saleType: 0,
  quantity: 1,
  lineTotal: null,
};

describe('itemLabel', () => {
  it('puts the brand, name and size together, without the brand twice', () => {
    expect(itemLabel(milk)).toBe('Anchor Blue Top Milk 2L');
    expect(itemLabel({ name: 'Anchor Butter', brand: 'Anchor', displayUnits: null })).toBe('Anchor Butter');
  });
});

describe('listAsText', () => {
  it('writes a title, one line per item with its price, and the total of the priced lines', () => {
    expect(listAsText({ name: 'Shopping list', items: [milk, potatoes, sauce] })).toBe(
      [
        'Shopping list:',
        '',
        '2 x Anchor Blue Top Milk 2L ($6.58)',
        '1.5 kg Washed Potatoes per kg ($4.49)',
        `1 x Wattie's =HYPERLINK("x"), "Wattie's"`,
        '',
        'Total: $11.07',
      ].join('\n'),
    );
  });

  it('groups by store when the items carry one', () => {
    const text = listAsText({
      name: 'Shopping list',
      items: [
        { ...milk, storeName: "Pak'nSave Kilbirnie" },
        { ...potatoes, storeName: 'New World Thorndon' },
      ],
    });
    expect(text).toContain(
      "Pak'nSave Kilbirnie:\n2 x Anchor Blue Top Milk 2L ($6.58)\n\nNew World Thorndon:",
    );
  });

  it('reads back in through the import as the same items and quantities (weighed ones as one)', () => {
    const text = listAsText({
      name: 'Shopping list',
      items: [
        { ...milk, storeName: 'A' },
        { ...potatoes, storeName: 'B' },
      ],
    });
    expect(parseImportText(text)).toEqual([
      { text: 'Anchor Blue Top Milk 2L', quantity: 2 },
      { text: '1.5 kg Washed Potatoes per kg', quantity: 1 },
    ]);
  });
});

describe('listAsCsv', () => {
  it('has a header, quotes where needed and never starts a cell with a formula', () => {
    const csv = listAsCsv({ name: 'x', items: [milk, potatoes, sauce] });
    expect(csv.split('\r\n')).toEqual([
      'Quantity,Unit,Product,Brand,Size,Price,Store,Product id',
      '2,each,Blue Top Milk,Anchor,2L,6.58,,11',
      '1.5,kg,Washed Potatoes,,per kg,4.49,,12',
      `1,each,"'=HYPERLINK(""x""), ""Wattie's""",Wattie's,,,,13`,
      '',
    ]);
  });
});

describe('the Kete JSON export', () => {
  it('round-trips through parseKeteExport', () => {
    const json = listAsJson({ name: 'BBQ', items: [milk, potatoes] }, new Date('2026-11-23T10:00:00Z'));
    const parsed = parseKeteExport(json);
    expect(parsed).toEqual({
      ok: true,
      list: {
        format: 'kete-list',
        version: 1,
        name: 'BBQ',
        exportedAt: '2026-11-23T10:00:00.000Z',
        items: [
          { productId: 11, name: 'Blue Top Milk', brand: 'Anchor', displayUnits: '2L', quantity: 2 },
          { productId: 12, name: 'Washed Potatoes', brand: null, displayUnits: 'per kg', quantity: 1.5 },
        ],
      },
    });
  });

  it.each([
    ['not json'],
    ['[]'],
    ['{"format":"kete-list","version":2,"name":"x","exportedAt":"","items":[]}'],
    ['{"format":"kete-list","version":1,"name":"x","exportedAt":"","items":[{"productId":-1}]}'],
  ])('refuses %j with one plain message', (text) => {
    expect(parseKeteExport(text)).toEqual({ ok: false, message: notAKeteExport });
  });
});

describe('exportFileName', () => {
  it('makes a safe file name from the list name', () => {
    expect(exportFileName('Shopping list', 'csv')).toBe('kete-shopping-list.csv');
    expect(exportFileName("BBQ at Mum's!", 'json')).toBe('kete-bbq-at-mum-s.json');
    expect(exportFileName('???', 'json')).toBe('kete-list.json');
  });
});

describe('items written in with no product (issue 49)', () => {
  const written: ExportList = {
    name: 'Shopping list',
    items: [
      {
        productId: null,
        name: 'birthday candles',
        brand: null,
        displayUnits: null,
        saleType: 0,
        quantity: 3,
        lineTotal: null,
      },
    ],
  };

  it('go out as their words and count, read back by the import, and survive the JSON export', () => {
    const text = listAsText(written);
    expect(text).toBe('Shopping list:\n\n3 x birthday candles');
    expect(parseImportText(text)).toEqual([{ text: 'birthday candles', quantity: 3 }]);
    expect(listAsCsv(written)).toContain('3,each,birthday candles,,,,,\r\n');
    const parsed = parseKeteExport(listAsJson(written));
    expect(parsed.ok && parsed.list.items).toEqual([
      { productId: null, name: 'birthday candles', brand: null, displayUnits: null, quantity: 3 },
    ]);
  });
});
