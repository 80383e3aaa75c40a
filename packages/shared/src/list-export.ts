// A shopping list or named list going out of Kete (issue 13): as text to share (which reads back
// in through list-import.ts, '2 x Anchor Blue Top Milk 2L'), as CSV for a spreadsheet, and as a
// Kete JSON export that another household (or this one later) loads back. Pure: the app decides
// where it goes (Web Share, clipboard, a downloaded file).
import { z } from 'zod';
import { formatMoney } from './money.js';
import { formatQuantity, roundQuantity } from './quantity.js';

export interface ExportItem {
  /** null: an item written in with no product (issue 49), exported as its words. */
  productId: number | null;
  name: string;
  brand: string | null;
  displayUnits: string | null;
  /** 0 units, 1 sold by weight (quantity in kg). */
  saleType: 0 | 1;
  quantity: number;
  /** The line's price in cents where one is known (the cheapest, or the plan's store), else null. */
  lineTotal: number | null;
  /** Where the line is bought, when the list is split by store. */
  storeName?: string | null;
}

export interface ExportList {
  /** 'Shopping list' or the named list's name. */
  name: string;
  items: ExportItem[];
}

/** 'Anchor Blue Top Milk 2L': what a person would write, and what search finds again. */
export function itemLabel(item: Pick<ExportItem, 'name' | 'brand' | 'displayUnits'>): string {
  const brand = item.brand && !item.name.toLowerCase().startsWith(item.brand.toLowerCase()) ? item.brand : '';
  return [brand, item.name, item.displayUnits ?? ''].filter(Boolean).join(' ');
}

// Weighed items read '0.5 kg Loose Potatoes' (imported back as one, to be weighed in store).
const lineText = (item: ExportItem) =>
  item.saleType === 1
    ? `${formatQuantity(item, item.quantity)} ${itemLabel(item)}`
    : `${roundQuantity(item.quantity)} x ${itemLabel(item)}`;

/**
 * The list as plain text: a title line, then '2 x Anchor Blue Top Milk 2L ($6.58)' per item,
 * grouped under store names when the items carry them, and the total of the priced lines.
 */
export function listAsText(list: ExportList): string {
  // The colon makes the title (and store names) headings that the import skips.
  const lines = [`${list.name}:`];
  const byStore = new Map<string, ExportItem[]>();
  for (const item of list.items) {
    const key = item.storeName ?? '';
    byStore.set(key, [...(byStore.get(key) ?? []), item]);
  }
  for (const [store, items] of byStore) {
    lines.push('');
    if (store) lines.push(`${store}:`);
    for (const item of items) {
      const price = item.lineTotal === null ? '' : ` (${formatMoney(item.lineTotal)})`;
      lines.push(`${lineText(item)}${price}`);
    }
  }
  const priced = list.items.filter((item) => item.lineTotal !== null);
  if (priced.length > 0) {
    lines.push('', `Total: ${formatMoney(priced.reduce((sum, item) => sum + (item.lineTotal ?? 0), 0))}`);
  }
  return lines.join('\n');
}

// A cell a spreadsheet would run as a formula ('=HYPERLINK(...)') is written as text instead.
const FORMULA = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

/** RFC 4180 CSV (CRLF line ends) with a header row; prices in dollars with two decimals. */
export function listAsCsv(list: ExportList): string {
  const rows: (string | number | null)[][] = [
    ['Quantity', 'Unit', 'Product', 'Brand', 'Size', 'Price', 'Store', 'Product id'],
  ];
  for (const item of list.items) {
    rows.push([
      roundQuantity(item.quantity),
      item.saleType === 1 ? 'kg' : 'each',
      item.name,
      item.brand,
      item.displayUnits,
      dollars(item.lineTotal),
      item.storeName ?? null,
      item.productId,
    ]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/* The Kete JSON export: versioned so a later Kete can still read this one. */
export const KETE_EXPORT_FORMAT = 'kete-list';

export const ZKeteExportItem = z.object({
  // null: written in with no product (issue 49); imported back by its name, as written if no product matches.
  productId: z.number().int().positive().nullable(),
  name: z.string().min(1).max(300),
  brand: z.string().max(200).nullable(),
  displayUnits: z.string().max(100).nullable(),
  quantity: z.number().positive().max(999),
});
export type KeteExportItem = z.infer<typeof ZKeteExportItem>;

export const ZKeteExport = z.object({
  format: z.literal(KETE_EXPORT_FORMAT),
  version: z.literal(1),
  name: z.string().max(200),
  exportedAt: z.string(),
  items: z.array(ZKeteExportItem).max(1000),
});
export type KeteExport = z.infer<typeof ZKeteExport>;

export function listAsJson(list: ExportList, now: Date = new Date()): string {
  const body: KeteExport = {
    format: KETE_EXPORT_FORMAT,
    version: 1,
    name: list.name,
    exportedAt: now.toISOString(),
    items: list.items.map(({ productId, name, brand, displayUnits, quantity }) => ({
      productId,
      name,
      brand,
      displayUnits,
      quantity: roundQuantity(quantity),
    })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

export const notAKeteExport = 'This file is not a Kete list export.';

/** Reads a Kete JSON export back, or says why it cannot. */
export function parseKeteExport(
  text: string,
): { ok: true; list: KeteExport } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: notAKeteExport };
  }
  const parsed = ZKeteExport.safeParse(value);
  return parsed.success ? { ok: true, list: parsed.data } : { ok: false, message: notAKeteExport };
}

/** A file name for a download: 'kete-shopping-list.csv', 'kete-bbq-at-mum-s.json'. */
export function exportFileName(listName: string, extension: 'csv' | 'json'): string {
  const slug = listName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `kete-${slug || 'list'}.${extension}`;
}
