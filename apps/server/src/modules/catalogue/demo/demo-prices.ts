// The demo price model, as feed lines: Pak'nSave usually cheapest, New World dearest, regional
// and per-store variation, about 8% of items on promotion per store each week with each chain's
// promotion kinds, and weekly history. Every number comes from a hash of its inputs, so the same
// call always writes the same lines.
import { PromotionType, StoreType } from '@kete/shared';
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

/** The line for a product at a store in a week (0 = oldest, DEMO_WEEKS - 1 = this week). */
export function demoLine(
  p: DemoProduct,
  s: DemoStore,
  week: number,
  observedAt: number,
): Record<string, unknown> {
  const base = shelf(
    p.price *
      chainFactor[s.chain] *
      regionFactor(s.region) *
      (1 + (hash(p.index, regionSeed(s.region)) - 0.5) * 0.06) *
      (hash(p.index, s.seed) < 0.3 ? 1 + (hash(p.index, s.seed, 1) - 0.5) * 0.04 : 1) *
      // Prices creep up a little over the weeks for a quarter of the products.
      (hash(p.index, 9) < 0.25 && week >= 6 ? 1.04 : 1),
  );
  // Promotions are chain-wide and last one or two weeks; a few stores opt out.
  const period = Math.floor((week + (p.index % 2)) / 2);
  const onPromotion = hash(p.index, s.chain, period) < 0.08 && hash(p.index, s.seed, period, 7) > 0.05;
  const kind = onPromotion ? promotionKind(s.chain, hash(p.index, s.chain, period, 1)) : PromotionType.None;
  const price = onPromotion ? shelf(base * (0.72 + hash(p.index, period, 2) * 0.18)) : base;
  const multibuy =
    onPromotion && s.chain !== StoreType.PakNSave && !p.byWeight && hash(p.index, period, 4) < 0.15
      ? { quantity: 2, price: shelf(base * 1.6) }
      : undefined;
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
    imageUrl: `/product-images/${p.category}.svg`,
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
