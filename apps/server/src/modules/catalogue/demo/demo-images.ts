// The demo's placeholder picture for a product (issue 37 item 6): by what the product is where a
// picture of its own kind exists (cheese is not a milk bottle), else its category's.
const kindImages: [RegExp, string][] = [
  [/\bcheese\b/i, 'cheese'],
  [/\bbutter\b/i, 'butter'],
  [/\beggs?\b/i, 'eggs'],
  [/\byoghurt\b/i, 'yoghurt'],
];

export function demoImageUrl(p: { name: string; category: string }): string {
  const kind = kindImages.find(([words]) => words.test(p.name))?.[1];
  return `/product-images/${kind ?? p.category}.svg`;
}
