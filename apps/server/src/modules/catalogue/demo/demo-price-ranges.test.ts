// Issue 45, item 5: every demo product's typical shelf price per kg or litre lies in the range real
// NZ shelves show for its kind (demo-price-ranges.ts, with its sources), one brand per product name,
// and the common recipe ingredients are sold.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productImagesRoot } from '../product-images.js';
import { DEMO_PRODUCTS } from './demo-catalogue.js';
import { demoImageUrl } from './demo-images.js';
import { priceRanges } from './demo-price-ranges.js';
import { type DemoProduct, demoProducts } from './demo-products.js';

const products = demoProducts(DEMO_PRODUCTS);

/** Cents per kg or per litre, when the pack says how much it holds. */
function perUnit(p: DemoProduct): { per: 'kg' | 'L'; cents: number } | null {
  if (p.unitAmount === null || p.unitAmount <= 0) return null;
  if (p.unitMeasure === '1kg') return { per: 'kg', cents: p.price / p.unitAmount };
  if (p.unitMeasure === '100g') return { per: 'kg', cents: p.price / (p.unitAmount / 10) };
  if (p.unitMeasure === '1L') return { per: 'L', cents: p.price / p.unitAmount };
  return null;
}

describe('the demo catalogue', () => {
  it('prices every product within the range real NZ shelves show for its kind', () => {
    const outside: string[] = [];
    let measured = 0;
    for (const p of products) {
      const unit = perUnit(p);
      if (!unit) continue;
      const range = priceRanges[p.kind];
      expect(range, `a range for ${p.kind}`).toBeDefined();
      if (!range) continue;
      expect(range.per, `${p.name} ${p.size}`).toBe(unit.per);
      measured++;
      if (unit.cents < range.min || unit.cents > range.max)
        outside.push(
          `${p.brand} ${p.name} ${p.size} $${(p.price / 100).toFixed(2)} = $${(unit.cents / 100).toFixed(2)}/${unit.per}`,
        );
    }
    console.log(`${outside.length} of ${measured} measurable demo products outside their range`);
    expect(measured).toBeGreaterThan(products.length * 0.6);
    expect(outside).toEqual([]);
  });

  it('sells each product name under one brand (Weet-Bix only by Sanitarium)', () => {
    const brands = new Map<string, Set<string | null>>();
    for (const p of products) brands.set(p.name, (brands.get(p.name) ?? new Set()).add(p.brand));
    expect([...brands].filter(([, b]) => b.size > 1).map(([name]) => name)).toEqual([]);
    expect(brands.get('Weet-Bix Breakfast Cereal')).toEqual(new Set(['Sanitarium']));
  });

  it('sells the common recipe ingredients the issue names', () => {
    const names = products.map((p) => p.name.toLowerCase());
    const sold = (word: string) => names.some((n) => n.includes(word));
    const wanted = [
      'garlic',
      'lemons',
      'black pepper',
      'puff pastry',
      'chicken stock',
      'chopped tomatoes',
      'garam masala',
      'worcestershire sauce',
      'fresh parsley',
      'ground cumin',
      'plain flour',
      'self raising flour',
      'caster sugar',
      'icing sugar',
      'soft brown sugar',
      'unsalted butter',
      'cream',
      'coconut milk',
      'soy sauce',
      'olive oil',
    ];
    expect(wanted.filter((w) => !sold(w))).toEqual([]);
  });

  it('draws each product as its own kind: bananas not as an apple, every picture one that ships', () => {
    const picture = (name: string) => demoImageUrl(products.find((p) => p.name === name) as DemoProduct);
    expect(picture('Bananas')).toBe('/product-images/banana.svg');
    expect(picture('Lemons')).toBe('/product-images/citrus.svg');
    expect(picture('Garlic')).toBe('/product-images/garlic.svg');
    expect(picture('Garam Masala')).toBe('/product-images/spice.svg');
    expect(picture('Royal Gala Apples')).toBe('/product-images/fruit-veg.svg');
    expect(picture('Smooth Peanut Butter')).toBe('/product-images/pantry.svg');
    for (const url of new Set(products.map(demoImageUrl)))
      expect(existsSync(join(productImagesRoot, url.replace('/product-images/', ''))), url).toBe(true);
  });
});
