// Expands the demo catalogue data into products: every variant x brand x size of each item, then
// again with extra variant words until the wanted count is reached. Deterministic by index.
import { demoCategories, extraVariants, variantOwners } from './demo-catalogue-data.js';
import { priceRanges } from './demo-price-ranges.js';

export interface DemoProduct {
  index: number;
  name: string;
  brand: string | null;
  size: string;
  category: string;
  /** What it is, for its price range (demo-price-ranges.ts): the item's kind, else its name. */
  kind: string;
  barcode: string;
  /** Typical shelf price in cents (per kg when sold by weight). */
  price: number;
  byWeight: boolean;
  /** For the unit price: how many of `unitMeasure` the pack holds, when the size says. */
  unitAmount: number | null;
  unitMeasure: string | null;
}

/** EAN-13 with a correct check digit, under New Zealand's GS1 prefix 94. */
export function ean13(index: number): string {
  const body = `94${String(1_000_000_000 + index).slice(-10)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** "2L" -> 2 x 1L; "500g" -> 5 x 100g; "1.5kg" -> 15 x 100g; "6 x 125g" -> 7.5 x 100g; packs of a
 * count have no unit price. */
function unitOf(size: string): { amount: number; measure: string } | null {
  // "6 x 125g": a multipack of pottles is weighed whole, so its price per kg can be checked.
  const m = /^(?:(\d+) x )?(\d+(?:\.\d+)?)(ml|L|g|kg)$/.exec(size);
  if (!m) return null;
  const n = Number(m[2]) * Number(m[1] ?? 1);
  switch (m[3]) {
    case 'ml':
      return { amount: n / 1000, measure: '1L' };
    case 'L':
      return { amount: n, measure: '1L' };
    case 'g':
      return { amount: n / 100, measure: '100g' };
    default:
      return { amount: n * 10, measure: '100g' };
  }
}

/** Larger packs cost more, but less per unit. */
const sizeFactor = (sizeIndex: number, size: string, first: string) => {
  const a = unitOf(size);
  const b = unitOf(first);
  if (a && b && a.measure === b.measure) return (a.amount / b.amount) ** 0.85;
  return [1, 1.8, 2.5][sizeIndex] ?? 1;
};

/** How many kg or litres a pack holds (null: a count, or "each"). */
function packAmount(unit: { amount: number; measure: string } | null): number | null {
  if (!unit) return null;
  return unit.measure === '100g' ? unit.amount / 10 : unit.amount;
}

/**
 * The price moved into its kind's range when the generated one per kg or litre falls outside it
 * (issue 45: an 85 g pouch was priced as the 12-pack it follows). Inside, it is left as it was; outside,
 * it lands a little inside the nearer bound, moved by `spread` so packs do not share one price.
 */
function withinRange(price: number, kind: string, amount: number | null, spread: number): number {
  const range = priceRanges[kind];
  if (!range || amount === null || amount <= 0) return price;
  const per = price / amount;
  if (per >= range.min && per <= range.max) return price;
  const width = range.max - range.min;
  const target = per < range.min ? range.min + width * 0.1 * spread : range.max - width * 0.1 * spread;
  return Math.max(99, Math.round((target * amount) / 10) * 10 - 1);
}

/** The name a product is sold under: one brand per name (issue 45). The item's first brand sells it
 * under the plain name; any other brand's name starts with the brand, as shelves show house brands. */
function productName(plain: string, brand: string, firstBrand: string): string {
  return brand && brand !== firstBrand ? `${brand} ${plain}` : plain;
}

export function demoProducts(count: number): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (let round = 0; products.length < count && round <= extraVariants.length; round++) {
    const extra = round === 0 ? '' : ` ${extraVariants[round - 1]}`;
    for (const category of demoCategories) {
      for (const item of category.items) {
        for (const variant of item.variants) {
          // A variant that is one maker's product (Weet-Bix, Marmite) is sold by that maker only.
          const owner = variantOwners[variant];
          for (const brand of owner ? [owner] : item.brands) {
            item.sizes.forEach((size, sizeIndex) => {
              if (products.length >= count) return;
              const index = products.length;
              const unit = item.byWeight ? { amount: 1, measure: '1kg' } : unitOf(size);
              // Variety and brand move the price a little, deterministically.
              const spread = 0.8 + ((index * 7919) % 41) / 100;
              const generated =
                Math.round((item.price * sizeFactor(sizeIndex, size, item.sizes[0] ?? size) * spread) / 10) *
                  10 -
                1;
              const kind = item.kind ?? item.name;
              const price = withinRange(generated, kind, packAmount(unit), spread);
              products.push({
                index,
                name: productName(
                  `${variant} ${item.name}${extra}`.trim(),
                  brand,
                  owner ?? item.brands[0] ?? '',
                ),
                brand: brand || null,
                size,
                category: category.slug,
                kind,
                barcode: ean13(index),
                price: Math.max(99, price),
                byWeight: item.byWeight === true,
                unitAmount: unit?.amount ?? null,
                unitMeasure: unit?.measure ?? null,
              });
            });
          }
        }
      }
    }
  }
  return products;
}
