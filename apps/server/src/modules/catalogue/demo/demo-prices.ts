// The demo price model, as feed lines: Pak'nSave usually cheapest, New World dearest, regional
// and per-store variation, about 8% of items on promotion per store each week with each chain's
// promotion kinds, and weekly history. Every number comes from a hash of its inputs, so the same
// call always writes the same lines.
import { PromotionType, StoreType } from '@kete/shared';
import { demoImageUrl } from './demo-images.js';
import type { DemoProduct } from './demo-products.js';

export interface DemoStore {
  chain: StoreType;
  sourceId: string;
  region: string | null;
  /** Numeric stand-in for the store in hashes. */
  seed: number;
}

export const DEMO_WEEKS = 12;
const WEEK = 7 * 86_400_000;

/** A number in [0, 1) from integers. */
export function hash(...values: number[]): number {
  let h = 2166136261;
  for (const v of values) {
    h = Math.imul(h ^ (v & 0xffff), 16777619);
    h = Math.imul(h ^ (v >>> 16), 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

const chainFactor: Record<StoreType, number> = {
  [StoreType.PakNSave]: 0.9,
  [StoreType.Woolworths]: 1.0,
  [StoreType.NewWorld]: 1.05,
};
const chainName: Record<StoreType, string> = {
  [StoreType.NewWorld]: 'newworld',
  [StoreType.PakNSave]: 'paknsave',
  [StoreType.Woolworths]: 'woolworths',
};

// Freight makes the regions away from the main distribution centres a little dearer.
const regionFactor = (region: string | null) =>
  ({ 'West Coast': 1.05, Southland: 1.03, Northland: 1.03, Gisborne: 1.04, Tasman: 1.02, Auckland: 0.99 })[
    region ?? ''
  ] ?? 1;

const regionSeed = (region: string | null) =>
  [...(region ?? '')].reduce((n, c) => n * 31 + c.charCodeAt(0), 7) >>> 0;

/** Shelf prices end in 9 (cents). */
const shelf = (cents: number) => Math.max(49, Math.round(cents / 10) * 10 - 1);

function promotionKind(chain: StoreType, roll: number): number {
  if (chain === StoreType.PakNSave) return PromotionType.PakNSaveExtraLow;
  if (chain === StoreType.NewWorld)
    return roll < 0.7 ? PromotionType.NewWorldClubCard : PromotionType.NewWorldSuperSpecial;
  return roll < 0.6 ? PromotionType.WoolworthsSpecial : PromotionType.WoolworthsClubPrice;
}

/** Whether a product is stocked at a store: big stores carry nearly everything. */
export const stocks = (p: DemoProduct, s: DemoStore, share: number) => hash(p.index, s.seed, 3) < share;

/**
 * How often and how deep the demo's promotions are, calibrated against the real Woolworths
 * price history (scripts/calibrate-demo-prices.mjs prints both side by side): about a quarter
 * of a product's weeks below its usual price, a fifth off on average, mostly one week long.
 */
export const DEMO_PROMOTIONS = {
  /** Chance a product is on promotion in a promotion period (chain-wide). */
  rate: 0.22,
  /** Share of promotions that run two weeks rather than one. */
  twoWeekShare: 0.1,
  /** Products (per chain) that are never promoted (a third of the real ones never were). */
  neverShare: 0.32,
  /** Products (per chain) that are "on special" most weeks: their special is the usual price. */
  usualShare: 0.13,
  usualRate: 0.66,
  /** Products (per chain) whose shelf price rises a fortnight before a special that saves nothing. */
  fakeShare: 0.06,
  fakeRise: 1.15,
  /** Depth: 8% off plus up to 30% more, skewed to shallow (mean about 20%, median 18%). */
  minDepth: 0.08,
  extraDepth: 0.3,
};

interface PromotionWeek {
  on: boolean;
  period: number;
  fake: boolean;
}

/** Whether a product is on promotion at a chain in a week (chain-wide, so every store agrees). */
export function promotionWeek(p: DemoProduct, chain: StoreType, week: number): PromotionWeek {
  const c = DEMO_PROMOTIONS;
  // One roll picks the product's kind at this chain: never promoted, usually promoted, or now and then.
  const kind = hash(p.index, chain, 21);
  const usual = kind >= c.neverShare && kind < c.neverShare + c.usualShare;
  const twoWeeks = hash(p.index, chain, 22) < c.twoWeekShare;
  const period = twoWeeks ? Math.floor((week + (p.index % 2)) / 2) : week;
  const on = kind >= c.neverShare && hash(p.index, chain, period) < (usual ? c.usualRate : c.rate);
  return { on, period, fake: !usual && hash(p.index, chain, 23) < c.fakeShare };
}

/** A product's price at a store in a week: what a feed line and a history row carry. */
export interface DemoState {
  price: number;
  basePrice: number;
  promotionType: number;
  multibuy: { quantity: number; price: number } | undefined;
}

/** The price of a product at a store in a week (0 = oldest, DEMO_WEEKS - 1 = this week). */
export function demoState(p: DemoProduct, s: DemoStore, week: number): DemoState {
  const shelfPrice =
    p.price *
    chainFactor[s.chain] *
    regionFactor(s.region) *
    (1 + (hash(p.index, regionSeed(s.region)) - 0.5) * 0.06) *
    (hash(p.index, s.seed) < 0.3 ? 1 + (hash(p.index, s.seed, 1) - 0.5) * 0.04 : 1) *
    // Prices creep up a little over the weeks for a quarter of the products.
    (hash(p.index, 9) < 0.25 && week >= 6 ? 1.04 : 1);
  // Promotions are chain-wide; a few stores opt out.
  const promotion = promotionWeek(p, s.chain, week);
  const onPromotion = promotion.on && hash(p.index, s.seed, promotion.period, 7) > 0.05;
  const period = promotion.period;
  // A special that saves nothing: the shelf price went up shortly before it (spec: not real).
  const risen =
    promotion.fake &&
    (onPromotion || promotionWeek(p, s.chain, week + 1).on || promotionWeek(p, s.chain, week + 2).on);
  const base = shelf(shelfPrice * (risen ? DEMO_PROMOTIONS.fakeRise : 1));
  const kind = onPromotion ? promotionKind(s.chain, hash(p.index, s.chain, period, 1)) : PromotionType.None;
  const depth = DEMO_PROMOTIONS.minDepth + DEMO_PROMOTIONS.extraDepth * hash(p.index, period, 2) ** 1.5;
  const price = !onPromotion
    ? base
    : promotion.fake
      ? Math.min(base - 10, shelf(shelfPrice * (1 + hash(p.index, period, 5) * 0.03)))
      : shelf(base * (1 - depth));
  const multibuy =
    onPromotion && s.chain !== StoreType.PakNSave && !p.byWeight && hash(p.index, period, 4) < 0.15
      ? { quantity: 2, price: shelf(base * 1.6) }
      : undefined;
  return { price, basePrice: base, promotionType: kind, multibuy };
}

/** The line for a product at a store in a week (0 = oldest, DEMO_WEEKS - 1 = this week). */
export function demoLine(
  p: DemoProduct,
  s: DemoStore,
  week: number,
  observedAt: number,
): Record<string, unknown> {
  const { price, basePrice: base, promotionType: kind, multibuy } = demoState(p, s, week);
  return {
    chain: chainName[s.chain],
    store: s.sourceId,
    productKey: productKey(p, s.chain),
    barcode: p.barcode,
    name: p.name,
    brand: p.brand,
    size: p.size,
    saleType: p.byWeight ? 'weight' : 'unit',
    ...(p.byWeight ? { minimumQuantity: 0.1, minimumIncrement: 0.1 } : {}),
    category: p.category,
    imageUrl: demoImageUrl(p),
    price,
    basePrice: base,
    ...(p.unitAmount && p.unitMeasure
      ? { unitPrice: Math.round(price / p.unitAmount), unitMeasure: p.unitMeasure }
      : {}),
    promotionType: kind,
    ...(multibuy ? { multibuy } : {}),
    observedAt,
  };
}

/** Each chain keys products its own way: Woolworths by numeric SKU, Foodstuffs by "id-EA/KGM". */
export function productKey(p: DemoProduct, chain: StoreType): string {
  if (chain === StoreType.Woolworths) return String(100_000 + p.index);
  return `${5_000_000 + p.index}-${p.byWeight ? 'KGM' : 'EA'}`;
}

/** The observation time of a week, counting back from `now`. */
export const weekTime = (now: number, week: number) => now - (DEMO_WEEKS - 1 - week) * WEEK;

/**
 * Feed lines for these products at these stores, product by product (the order the ingest loads
 * fastest). Past weeks are written only where the price changed, so history costs little; this
 * week is written for every product at every store that stocks it. `historyAt` limits the past
 * weeks to some stores.
 */
export function* demoFeed(
  products: DemoProduct[],
  stores: DemoStore[],
  options: { now: number; weeks: number; stockShare: number; historyAt?: (store: DemoStore) => boolean },
): Generator<string> {
  for (const p of products) {
    for (const s of stores) {
      if (!stocks(p, s, options.stockShare)) continue;
      const first = DEMO_WEEKS - (options.historyAt?.(s) === false ? 1 : options.weeks);
      let previous = '';
      for (let week = first; week < DEMO_WEEKS; week++) {
        const line = demoLine(p, s, week, 0);
        const signature = `${line.price}:${line.basePrice}:${line.promotionType}:${JSON.stringify(line.multibuy)}`;
        if (signature === previous && week < DEMO_WEEKS - 1) continue;
        previous = signature;
        yield JSON.stringify({ ...line, observedAt: weekTime(options.now, week) });
      }
    }
  }
}
