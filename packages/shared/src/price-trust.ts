// Issue 33 items 5 and 7 (decision 0020): shoppers' reports of a wrong price, and a pack that
// changed size under the same product (shrinkflation). Pure rules and the API's shapes.
import { z } from 'zod';
import { parsePackSize } from './plan/same-kind.js';
import { DAY_MS } from './price-verdict.js';

/* Report a problem */

/**
 * A product's price range (bestPrice, highestPrice) from the prices it is believed at: a price two
 * households reported as wrong is left out, as the split and the plan leave it out; when every
 * price is reported, the range is of all of them rather than none (the rows still show each).
 */
export function trustedPriceRange(prices: readonly { price: number; reported?: true | undefined }[]): {
  best: number | null;
  highest: number | null;
} {
  const believed = prices.some((p) => !p.reported) ? prices.filter((p) => !p.reported) : prices;
  let best: number | null = null;
  let highest: number | null = null;
  for (const { price } of believed) {
    if (best === null || price < best) best = price;
    if (highest === null || price > highest) highest = price;
  }
  return { best, highest };
}

/** What a shopper says is wrong with a store's price of a product. */
export const ZReportKind = z.enum(['price', 'unavailable', 'match', 'size'], {
  error: 'Choose what is wrong: price, unavailable, match or size.',
});
export type ReportKind = z.infer<typeof ZReportKind>;
export const REPORT_NOTE_MAX = 500;
export const ZPriceReportRequest = z.object({
  storeId: z
    .number({ error: 'Choose a store.' })
    .int({ error: 'Choose a store.' })
    .positive({ error: 'Choose a store.' })
    .max(2_147_483_647, { error: 'Choose a store.' }),
  kind: ZReportKind,
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(REPORT_NOTE_MAX, { error: `Keep the note to ${REPORT_NOTE_MAX} characters.` })
    .optional(),
});
export type PriceReportRequest = z.infer<typeof ZPriceReportRequest>;
export const ZPriceReport = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  storeId: z.number().int(),
  kind: ZReportKind,
  note: z.string().nullable(),
  createdAt: z.number().int(),
});
export type PriceReport = z.infer<typeof ZPriceReport>;

/** The choices the drawer offers, in its order, with their words. */
export const REPORT_CHOICES: { kind: ReportKind; label: string }[] = [
  { kind: 'price', label: 'Wrong price' },
  { kind: 'unavailable', label: 'Not in store' },
  { kind: 'match', label: 'Wrong product match' },
  { kind: 'size', label: 'Wrong size' },
];
/** Kinds that, from enough people, take a price out of the split and the plan. */
export const FLAGGING_KINDS: readonly ReportKind[] = ['price', 'unavailable'];
/**
 * People (distinct users, however many workspaces they belong to) whose open reports since the
 * last confirmation flag a price (issue 44). Only a reporter who, when reporting, had been a member
 * of a workspace that had chosen that store for REPORTER_STORE_DAYS counts: a fresh account, or
 * one that chose the store just to report it, is kept and shown to the operator but hides nothing.
 */
export const REPORTING_PEOPLE = 2;
export const REPORTER_STORE_DAYS = 7;
/** Reports one user may make a day, counted as reportsCounted counts them (429 past it). */
export const REPORTS_PER_USER_PER_DAY = 20;
/** More reports than this from one user in an hour are logged as a warning for the operator. */
export const REPORTS_PER_HOUR_WARNING = 10;
export const REPORTS_PER_DAY_MESSAGE = `You have made ${REPORTS_PER_USER_PER_DAY} reports today. Please try again tomorrow.`;

/**
 * How many reports these are for the daily limit: a 'price' and an 'unavailable' report of the
 * same price say one thing (that price is not what you pay), so together they count once.
 */
export function reportsCounted(
  reports: readonly { productId: number; storeId: number; kind: ReportKind }[],
): number {
  const seen = new Set<string>();
  for (const r of reports) {
    const what = FLAGGING_KINDS.includes(r.kind) ? 'wrong' : r.kind;
    seen.add(`${r.productId}:${r.storeId}:${what}`);
  }
  return seen.size;
}
export const REPORTED_MARKER = 'Reported by shoppers';
export const DUPLICATE_REPORT_MESSAGE =
  'You have already reported this problem with this price. Kete will look at it.';

/* Shrinkflation */
export const ZSizeChange = z.object({
  from: z.string(),
  to: z.string(),
  /** When the feed changed it, epoch ms. */
  at: z.number().int(),
  /** Shelf prices (cents) with the old and the new size at the store whose feed changed it. */
  fromPrice: z.number().int().nullable(),
  toPrice: z.number().int().nullable(),
});
export type SizeChange = z.infer<typeof ZSizeChange>;

/** A product that shrank lately is listed with the specials this many days (decision 0020). */
export const SHRANK_RECENT_DAYS = 30;
export const shrankSince = (now: number) => now - SHRANK_RECENT_DAYS * DAY_MS;

/** Whether two pack sizes differ in amount (a respelling of the same size, "500g" / "500 g", does not). */
export function packSizeChanged(from: string | null, to: string | null): boolean {
  if (!from || !to || from === to) return false;
  const a = parsePackSize(from);
  const b = parsePackSize(to);
  if (!a || !b || a.measure !== b.measure) return false;
  return Math.abs(a.amount - b.amount) > 1e-9 * Math.max(a.amount, b.amount);
}

/** Whether the change made the pack smaller. */
export function isShrink(change: Pick<SizeChange, 'from' | 'to'>): boolean {
  const a = parsePackSize(change.from);
  const b = parsePackSize(change.to);
  return Boolean(a && b && a.measure === b.measure && b.amount < a.amount);
}

/**
 * The change of the price per unit, in whole percent (+11 for 500 g to 450 g at the same price):
 * the unit price with the new size against the old one. Prices unknown: the same price assumed.
 */
export function unitPriceChangePercent(change: SizeChange): number | null {
  const a = parsePackSize(change.from);
  const b = parsePackSize(change.to);
  if (!a || !b || a.measure !== b.measure || !(a.amount > 0) || !(b.amount > 0)) return null;
  const known = change.fromPrice !== null && change.toPrice !== null && change.fromPrice > 0;
  const fromUnit = (known ? (change.fromPrice as number) : 1) / a.amount;
  const toUnit = (known ? (change.toPrice as number) : 1) / b.amount;
  return Math.round((toUnit / fromUnit - 1) * 100);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "3 Nov", in New Zealand's calendar. */
export function nzDay(at: number): string {
  const parts = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    day: 'numeric',
    month: 'numeric',
  }).formatToParts(new Date(at));
  const day = parts.find((p) => p.type === 'day')?.value ?? '';
  const month = Number(parts.find((p) => p.type === 'month')?.value ?? '1');
  return `${Number(day)} ${MONTHS[month - 1]}`;
}

const spaced = (size: string) => size.trim().replace(/^(\d+(?:\.\d+)?)\s*([a-zA-Z]+)$/, '$1 $2');
const perWords: Record<string, string> = { kg: 'per kg', L: 'per L', ea: 'each' };

/** 'Smaller pack since 3 Nov: 500 g → 450 g, +11% per kg' (or 'Bigger pack since …'). */
/** How far back Kete's history of a store's price goes (issue 45): a 'great' needs 180 days of it,
 * so the drawer says it. 'Kete has seen this price since 3 Nov'. */
export function seenSinceText(historyFrom: number): string {
  return `Kete has seen this price since ${nzDay(historyFrom)}`;
}

export function sizeChangeText(change: SizeChange): string {
  const pack = parsePackSize(change.to);
  const word = isShrink(change) ? 'Smaller' : 'Bigger';
  const head = `${word} pack since ${nzDay(change.at)}: ${spaced(change.from)} → ${spaced(change.to)}`;
  const percent = unitPriceChangePercent(change);
  if (percent === null || !pack) return head;
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${head}, ${sign}${Math.abs(percent)}% ${perWords[pack.measure]}`;
}
