// The demo's placeholder picture for a product (issue 37 item 6): by what the product is where a
// picture of its own kind exists (cheese is not a milk bottle, bananas not an apple: issue 45), else
// its category's. The first match wins, so the more particular words come first.
const kindImages: [RegExp, string][] = [
  [/\bcheese\b|\bparmesan\b|\bhalloumi\b|\bbrie\b|\bmozzarella\b/i, 'cheese'],
  [/\bbutter\b(?! chicken)/i, 'butter'],
  [/\beggs?\b/i, 'eggs'],
  [/\byoghurt\b/i, 'yoghurt'],
  [/\bbananas?\b/i, 'banana'],
  [/\b(lemons?|limes?|oranges?|mandarins?)\b/i, 'citrus'],
  [/\bgarlic\b/i, 'garlic'],
];

/** Kinds (demo-price-ranges.ts) with a picture of their own. */
const kindPictures: Record<string, string> = {
  Vegetables: 'leafy',
  Salad: 'leafy',
  'Fresh herbs': 'leafy',
  Spices: 'spice',
  Canned: 'canned',
  Potatoes: 'leafy',
  Kumara: 'leafy',
  Carrots: 'leafy',
  Onions: 'leafy',
  Courgettes: 'leafy',
  Capsicum: 'leafy',
};

export function demoImageUrl(p: { name: string; category: string; kind?: string }): string {
  // A product's name can say what it is made from ('Banana Baby Food Pouch'): its own kind first
  // only in the fresh aisle.
  const byName =
    p.category === 'fruit-veg' || p.category === 'dairy'
      ? kindImages.find(([words]) => words.test(p.name))?.[1]
      : undefined;
  const kind = byName ?? (p.kind ? kindPictures[p.kind] : undefined);
  return `/product-images/${kind ?? p.category}.svg`;
}
