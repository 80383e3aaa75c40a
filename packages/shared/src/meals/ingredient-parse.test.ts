import { describe, expect, it } from 'vitest';
import { ingredientAmount, parseIngredientLine, parseIngredientLines } from './ingredient-parse.js';

// Lines as real recipes write them (Edmonds, Chelsea, Countdown and NZ Herald recipes, food blogs):
// [line, quantity, unit, name]. Quantities are in the line's own unit; ranges buy the top.
const lines: [string, number | null, string | null, string][] = [
  ['1½ cups flour', 1.5, 'cup', 'flour'],
  ['2 cups Edmonds standard grade flour', 2, 'cup', 'edmonds standard grade flour'],
  ['1 tsp Edmonds baking powder', 1, 'tsp', 'edmonds baking powder'],
  ['125g butter, softened', 125, 'g', 'butter'],
  ['¾ cup Chelsea white sugar', 0.75, 'cup', 'chelsea white sugar'],
  ['½ cup brown sugar', 0.5, 'cup', 'brown sugar'],
  ['2 eggs', 2, 'each', 'eggs'],
  ['1 egg, beaten', 1, 'each', 'egg'],
  ['1 cup milk', 1, 'cup', 'milk'],
  ['250ml cream', 250, 'ml', 'cream'],
  ['300 ml cream', 300, 'ml', 'cream'],
  ['1 L milk', 1, 'l', 'milk'],
  ['1 litre chicken stock', 1, 'l', 'chicken stock'],
  ['2 litres water', 2, 'l', 'water'],
  ['500g beef mince', 500, 'g', 'beef mince'],
  ['500 g lean beef mince', 500, 'g', 'lean beef mince'],
  ['1kg lamb mince', 1, 'kg', 'lamb mince'],
  ['1.5kg lamb shoulder', 1.5, 'kg', 'lamb shoulder'],
  ['1 kg kumara, peeled and diced', 1, 'kg', 'kumara'],
  ['600g potatoes, peeled and cut into chunks', 600, 'g', 'potatoes'],
  ['2 x 400 g cans chopped tomatoes', 800, 'g', 'chopped tomatoes'],
  ['2 × 400g tins chopped tomatoes', 800, 'g', 'chopped tomatoes'],
  ['1 x 400g tin chickpeas, drained and rinsed', 400, 'g', 'chickpeas'],
  ['1 (400g) can coconut cream', 400, 'g', 'coconut cream'],
  ['400g can coconut milk', 400, 'g', 'coconut milk'],
  ['1 x 2 kg bag flour', 2, 'kg', 'flour'],
  ['1-2 tbsp olive oil', 2, 'tbsp', 'olive oil'],
  ['1 to 2 tsp chilli flakes', 2, 'tsp', 'chilli flakes'],
  ['3-4 potatoes', 4, 'each', 'potatoes'],
  ['2 Tbsp soy sauce', 2, 'tbsp', 'soy sauce'],
  ['1 Tbs butter', 1, 'tbsp', 'butter'],
  ['1 tablespoon honey', 1, 'tbsp', 'honey'],
  ['2 tablespoons tomato paste', 2, 'tbsp', 'tomato paste'],
  ['½ teaspoon ground cumin', 0.5, 'tsp', 'ground cumin'],
  ['1 tsp dried oregano or 1 tbsp fresh', 1, 'tsp', 'dried oregano'],
  ['2 tsp. sugar', 2, 'tsp', 'sugar'],
  ['1 1/2 cups milk', 1.5, 'cup', 'milk'],
  ['1/4 cup sweet chilli sauce', 0.25, 'cup', 'sweet chilli sauce'],
  ['⅓ cup mayonnaise', 1 / 3, 'cup', 'mayonnaise'],
  ['2 large onions, finely chopped', 2, 'each', 'onions'],
  ['1 onion, diced', 1, 'each', 'onion'],
  ['1 red onion, thinly sliced', 1, 'each', 'red onion'],
  ['2 carrots, grated', 2, 'each', 'carrots'],
  ['2 medium kumara (about 600g)', 2, 'each', 'kumara'],
  ['2 cloves garlic, crushed', 2, 'each', 'garlic'],
  ['4 cloves garlic', 4, 'each', 'garlic'],
  ['1 head broccoli, cut into florets', 1, 'each', 'broccoli'],
  ['1 bunch coriander', 1, 'each', 'coriander'],
  ['1 punnet cherry tomatoes, halved', 1, 'each', 'cherry tomatoes'],
  ['1 can chickpeas', 1, 'each', 'chickpeas'],
  ['2 tins tomatoes', 2, 'each', 'tomatoes'],
  ['4 chicken thighs, boneless', 4, 'each', 'chicken thighs'],
  ['6 sausages', 6, 'each', 'sausages'],
  ['1 avocado', 1, 'each', 'avocado'],
  ['Juice of 1 lemon', 1, 'each', 'lemon'],
  ['Zest and juice of 2 limes', 2, 'each', 'limes'],
  ['500ml/2 cups chicken stock', 500, 'ml', 'chicken stock'],
  ['1 cup (250 ml) cream', 1, 'cup', 'cream'],
  ['200 grams feta, crumbled', 200, 'g', 'feta'],
  ['100g baby spinach', 100, 'g', 'baby spinach'],
  ['250g streaky bacon, chopped', 250, 'g', 'streaky bacon'],
  ['400g spaghetti', 400, 'g', 'spaghetti'],
  ['1 cup grated tasty cheese', 1, 'cup', 'tasty cheese'],
  ['1 cup long grain rice', 1, 'cup', 'long grain rice'],
  ['2 cups frozen peas', 2, 'cup', 'frozen peas'],
  ['1 cup rolled oats', 1, 'cup', 'rolled oats'],
  ['500g pumpkin, peeled and cubed', 500, 'g', 'pumpkin'],
  ['4 x 150g salmon fillets', 600, 'g', 'salmon fillets'],
  ['1 dozen eggs', 12, 'each', 'eggs'],
];

describe('parseIngredientLine', () => {
  it.each(lines)('%s', (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect(parsed.quantity === null ? null : Number(parsed.quantity.toFixed(3))).toBe(
      quantity === null ? null : Number(quantity.toFixed(3)),
    );
    expect(parsed.unit).toBe(unit);
    expect(parsed.name).toBe(name);
    expect(parsed.heading).toBe(false);
    expect(parsed.line).toBe(line);
  });

  it('has at least 60 real-world lines', () => {
    expect(lines.length + toTaste.length).toBeGreaterThanOrEqual(60);
  });

  it('keeps preparation and asides in the note', () => {
    expect(parseIngredientLine('1 kg kumara, peeled and diced').note).toBe('peeled and diced');
    expect(parseIngredientLine('2 large onions, finely chopped').note).toBe('large; finely chopped');
    expect(parseIngredientLine('2 medium kumara (about 600g)').note).toBe('medium; about 600g');
    expect(parseIngredientLine('Juice of 1 lemon').note).toBe('juice');
  });

  const toTaste: [string, string][] = [
    ['Salt and pepper to taste', 'salt and pepper'],
    ['salt', 'salt'],
    ['Freshly ground black pepper', 'black pepper'],
    ['a pinch of salt', 'salt'],
    ['olive oil, for frying', 'olive oil'],
    ['1/2 tsp salt', 'salt'],
    ['Boiling water', 'boiling water'],
    ['Fresh parsley, to serve', 'fresh parsley'],
  ];
  it.each(toTaste)('%s is to taste: unpriced, without a warning', (line, name) => {
    const parsed = parseIngredientLine(line);
    expect(parsed.toTaste).toBe(true);
    expect(parsed.name).toBe(name);
  });

  it('counts parts of something sold whole as written, and buys only their share of it', () => {
    const bacon = parseIngredientLine('8 slices bacon');
    expect(bacon).toMatchObject({ quantity: 8, unit: 'each', name: 'bacon', note: 'slices', toTaste: false });
    expect(ingredientAmount(bacon)).toEqual({ value: 0.8, kind: 'count' });
    const garlic = parseIngredientLine('4 cloves garlic, crushed');
    expect(garlic).toMatchObject({ quantity: 4, unit: 'each', name: 'garlic' });
    expect(ingredientAmount(garlic)).toEqual({ value: 0.4, kind: 'count' });
    expect(parseIngredientLine('3 sprigs thyme')).toMatchObject({ quantity: 3, unit: 'each', name: 'thyme' });
    expect(ingredientAmount(parseIngredientLine('2 onions'))).toEqual({ value: 2, kind: 'count' });
  });

  it('skips headings and blank lines', () => {
    const parsed = parseIngredientLines(['For the sauce:', '', '2 eggs', 'For the icing:']);
    expect(parsed.map((p) => p.name)).toEqual(['eggs']);
  });

  it('turns the kitchen measures into NZ metric amounts', () => {
    expect(ingredientAmount({ quantity: 2, unit: 'tsp' })).toEqual({ value: 10, kind: 'volume' });
    expect(ingredientAmount({ quantity: 1, unit: 'tbsp' })).toEqual({ value: 15, kind: 'volume' });
    expect(ingredientAmount({ quantity: 1.5, unit: 'cup' })).toEqual({ value: 375, kind: 'volume' });
    expect(ingredientAmount({ quantity: 1.5, unit: 'kg' })).toEqual({ value: 1500, kind: 'mass' });
    expect(ingredientAmount({ quantity: 3, unit: 'each' })).toEqual({ value: 3, kind: 'count' });
    expect(ingredientAmount({ quantity: null, unit: null })).toBeNull();
  });
});
