// Expands the demo catalogue data into products: every variant x brand x size of each item, then
// again with extra variant words until the wanted count is reached. Deterministic by index.
import { demoCategories, extraVariants } from './demo-catalogue-data.js';

export interface DemoProduct {
  index: number;
  name: string;
  brand: string | null;
  size: string;
  category: string;
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

/** "2L" -> 2 x 1L; "500g" -> 5 x 100g; "1.5kg" -> 15 x 100g; packs have no unit price. */
function unitOf(size: string): { amount: number; measure: string } | null {
  const m = /^(\d+(?:\.\d+)?)(ml|L|g|kg)$/.exec(size);
  if (!m) return null;
  const n = Number(m[1]);
  switch (m[2]) {
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

export function demoProducts(count: number): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (let round = 0; products.length < count && round <= extraVariants.length; round++) {
    const extra = round === 0 ? '' : ` ${extraVariants[round - 1]}`;
    for (const category of demoCategories) {
      for (const item of category.items) {
        for (const variant of item.variants) {
          for (const brand of item.brands) {
            item.sizes.forEach((size, sizeIndex) => {
              if (products.length >= count) return;
              const index = products.length;
              const unit = item.byWeight ? { amount: 1, measure: '1kg' } : unitOf(size);
              // Variety and brand move the price a little, deterministically.
              const spread = 0.8 + ((index * 7919) % 41) / 100;
              const price =
                Math.round((item.price * sizeFactor(sizeIndex, size, item.sizes[0] ?? size) * spread) / 10) *
                  10 -
                1;
              products.push({
                index,
                name: `${variant} ${item.name}${extra}`.trim(),
                brand: brand || null,
                size,
                category: category.slug,
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
