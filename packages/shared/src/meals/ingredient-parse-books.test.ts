// Lines as American cookbooks, newspapers and Canadian books write them (issue 43 item 1), by
// class: things of a stated weight, the amount after the name, a size in inches after the count,
// alternatives and examples, and preparation or sizes inside the name. Lines from the tuning and
// development parts of the public sources (never the held-out part), and written like them.
import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from './ingredient-parse.js';

type Case = [line: string, quantity: number | null, unit: string | null, name: string];

const check = (cases: Case[]) =>
  it.each(cases)('%s', (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([quantity, unit, name]);
  });

describe('so many things of a stated weight: bought by their whole weight', () => {
  check([
    ['Two 1¼-pound flank steaks', 2 * 567, 'g', 'flank steaks'],
    ['Six 8-ounce catfish fillets', 6 * 227, 'g', 'catfish fillets'],
    ['1 (6-pound) bone-in smoked ham', 2722, 'g', 'bone-in smoked ham'],
    ['2 (1¼ pound) lobsters', 2 * 567, 'g', 'lobsters'],
    ['One 4- to 5-pound boneless ham, fully cooked', 2268, 'g', 'boneless ham'],
    ['1 3½- to 4-pound chicken', 1814, 'g', 'chicken'],
    ['1 (14½-ounce) can fire-roasted diced tomatoes', 411, 'g', 'fire-roasted diced tomatoes'],
    ['Two ¼-ounce packets active dry yeast', 2 * 7, 'g', 'active dry yeast'],
    ['Four 1-ounce squares bittersweet chocolate', 4 * 28, 'g', 'bittersweet chocolate'],
    ['1 2-pound beef tenderloin roast, trimmed', 907, 'g', 'beef tenderloin roast'],
    ['One 1-pound to 2-pound boule', 907, 'g', 'boule'],
    ['Half a 7-ounce can light meat tuna, drained', 99, 'g', 'light meat tuna'],
  ]);
});

describe('the amount written first is the recipe’s; the other one in brackets is rounded', () => {
  check([
    ['1 lb (500 g) sole or flounder fillets', 453.6, 'g', 'sole or flounder fillets'],
    ['2 lbs (1 kg) potatoes', 907.2, 'g', 'potatoes'],
    ['6 ounces (180g) tomatillos, roughly chopped', 170.1, 'g', 'tomatillos'],
    ['1½ oz (45 ml) grapefruit vodka', 42.5, 'g', 'grapefruit vodka'],
    ['One 2 oz (115g) tin anchovy fillets, minced', 57, 'g', 'anchovy fillets'],
    ['128 g/4 ½ oz/½ cup pesto', 128, 'g', 'pesto'],
  ]);
});

describe('the amount after the name, as baking books write it', () => {
  check([
    ['Powdered sugar 1/4 cup (30 grams)', 0.25, 'cup', 'powdered sugar'],
    ['Unsalted butter (at room temperature), 1 pound (4 sticks)', 453.6, 'g', 'unsalted butter'],
    ['Extra-fine granulated sugar, 10 ounces (1¼ cups)', 283.5, 'g', 'extra-fine granulated sugar'],
    ['Cake flour, 2 cups', 2, 'cup', 'cake flour'],
  ]);
});

describe('a part of a whole, a half, an amount given roughly', () => {
  check([
    ['Rind from 1/2 pound salt pork', 226.8, 'g', 'salt pork'],
    ['Grated zest from 2 lemons, preferably Meyer', 2, 'each', 'lemons'],
    ['Peel of 1 orange, pith scraped away', 1, 'each', 'orange'],
    ['Half a lemon', 0.5, 'each', 'lemon'],
    ['Scant 1/2 cup sugar', 0.5, 'cup', 'sugar'],
    ['Generous 1 cup grated cheddar', 1, 'cup', 'cheddar'],
  ]);
});

describe('a size in inches after the count is not part of the count', () => {
  check([
    ['One ½-inch-thick slice rustic bread', 1, 'each', 'rustic bread'],
    ['Four ½-inch-thick slices country bread', 4, 'each', 'country bread'],
    ['1 ½-inch piece ginger, peeled', 1, 'each', 'ginger'],
    ['2 1" pieces fresh turmeric', 2, 'each', 'fresh turmeric'],
    ['One 4-inch-long piece English cucumber, diced', 1, 'each', 'english cucumber'],
  ]);
});

describe('alternatives and examples', () => {
  check([
    ['2 oz. (¼ cup) gin (or vodka)', 56.7, 'g', 'gin or vodka'],
    ['Agave syrup (or honey), for rimming the glass', null, null, 'agave syrup or honey'],
    ['2 tablespoons coarse sugar like Demerara or turbinado (optional)', 2, 'tbsp', 'coarse sugar'],
    ['2 cups dry white wine, like riesling or pinot gris', 2, 'cup', 'dry white wine'],
    [
      '½ tsp red pepper flakes such as Aleppo or Maras, or paprika',
      0.5,
      'tsp',
      'red pepper flakes or paprika',
    ],
    ['1 cup caperberries, or ½ cup capers', 1, 'cup', 'caperberries'],
    ['2 teaspoons chopped thyme leaves or ½ teaspoon dried', 2, 'tsp', 'thyme leaves'],
    ['Grated zest of 1 lemon, or ½ teaspoon lemon extract', 1, 'each', 'lemon'],
    ['1 teaspoon curry powder or more to taste', 1, 'tsp', 'curry powder'],
    ['6 ounces fromage blanc (or use ricotta)', 170.1, 'g', 'fromage blanc'],
  ]);
});

describe('preparation and sizes inside or after the name go to the note', () => {
  check([
    ['4 tablespoons drained and rinsed capers', 4, 'tbsp', 'capers'],
    ['finely crumbled gingersnap cookies, for rimming the glass', null, null, 'gingersnap cookies'],
    ['4 ripe peeled pears', 4, 'each', 'ripe pears'],
    ['4 hard-boiled large egg yolks', 4, 'each', 'egg yolks'],
    ['1 cup thickly sliced button mushrooms', 1, 'cup', 'button mushrooms'],
    ['1/8 teaspoon coarsely cracked black peppercorns', 0.125, 'tsp', 'black peppercorns'],
    ['½ cup strained lemon juice', 0.5, 'cup', 'lemon juice'],
    ['Shaved asiago cheese', null, null, 'asiago cheese'],
    ['¾ cup toasted slivered almonds', 0.75, 'cup', 'almonds'],
    ['1 tablespoon toasted sesame oil', 1, 'tbsp', 'toasted sesame oil'],
    ['11 ounces jumbo shrimp, shelled', 311.9, 'g', 'shrimp'],
    ['1 lb raw medium shrimp, peeled and deveined', 453.6, 'g', 'raw shrimp'],
    ['4 ripe medium tomatoes, peeled', 4, 'each', 'ripe tomatoes'],
    ['2 whole 2-pound chickens', 2, 'each', 'whole chickens'],
    ['4 slices of prosciutto torn into strips', 4, 'each', 'prosciutto'],
    ['2 teaspoons ground cinnamon mixed with 1 tablespoon sugar', 2, 'tsp', 'ground cinnamon'],
    ['2 large heads of garlic divided into cloves', 2, 'each', 'garlic'],
    ['1 baking potato weighing about 1/2 pound', 1, 'each', 'baking potato'],
    ['4 to 6 oysters per person, freshly shucked', 6, 'each', 'oysters'],
    ['2 wheels Saint-Marcellin cheese at room temperature', 2, 'each', 'saint-marcellin cheese'],
    ['1 cup good quality chicken stock (approximately)', 1, 'cup', 'good quality chicken stock'],
    ['½ cup Lemon Vinaigrette (below)', 0.5, 'cup', 'lemon vinaigrette'],
    ['8 green onions (including tops), cut into lengths', 8, 'each', 'green onions'],
  ]);
});

describe('measures and sizes left before or after the name', () => {
  check([
    ['4 strips thick-sliced bacon, cut into ½-inch pieces', 4, 'each', 'thick-sliced bacon'],
    ['2 cups bite-size pieces roasted turkey', 2, 'cup', 'roasted turkey'],
    ['1 walnut-size ball tamarind pulp', 1, 'each', 'tamarind pulp'],
    ['8 thin slices French bread', 8, 'each', 'french bread'],
    ['2 cups thin strips red bell pepper', 2, 'cup', 'red bell pepper'],
    ['4 pairs bratwurst', 4, 'each', 'bratwurst'],
    ['1 thick yellow onion slice, coarsely chopped', 1, 'each', 'yellow onion'],
    ['6 (1/4-inch-thick) lemon slices', 6, 'each', 'lemon'],
    ['3 lemongrass stalks, bruised', 3, 'each', 'lemongrass'],
    ['1 fennel bulb, cored and sliced', 1, 'each', 'fennel'],
    ['2 pounds medium to large red onions', 907.2, 'g', 'red onions'],
    ['2 large or 3 medium grapefruit', 2, 'each', 'grapefruit'],
    ['½ medium size green bell pepper, seeded', 0.5, 'each', 'green bell pepper'],
    ['3 Tb butter', 3, 'tbsp', 'butter'],
    ['Butter for pans', null, null, 'butter'],
    ['Olive oil for sautéing', null, null, 'olive oil'],
    ['Whole strawberries as garnish', null, null, 'whole strawberries'],
  ]);
});

describe('Canadian books: the metric measure after the name', () => {
  check([
    ['¼ tsp sea salt 1 mL', 0.25, 'tsp', 'sea salt'],
    ['1/3 cup chopped red bell pepper 75 mL', 0.333, 'cup', 'red bell pepper'],
    ['1 tbsp virgin coconut oil 15 mL', 1, 'tbsp', 'virgin coconut oil'],
    ['1 cup brown rice flour blend (page 19) 250 mL', 1, 'cup', 'brown rice flour blend'],
  ]);
});

describe('lists of describing words with commas stay in the name', () => {
  check([
    ['4 1/2 to 5 cups unbleached, all-purpose flour', 5, 'cup', 'unbleached all-purpose flour'],
    ['½ cup roasted, salted cashews, chopped', 0.5, 'cup', 'roasted salted cashews'],
  ]);
});

describe('what a line is for before a colon: an ingredient, not a heading', () => {
  it('reads the ingredient after the colon and keeps the purpose in the note', () => {
    const parsed = parseIngredientLine('For the pans: 2 tbsp unsalted butter, softened');
    expect([parsed.heading, parsed.quantity, parsed.unit, parsed.name]).toEqual([
      false,
      2,
      'tbsp',
      'unsalted butter',
    ]);
    expect(parsed.note).toContain('for the pans');
  });
  it('still knows a heading', () => {
    expect(parseIngredientLine('For the sauce:').heading).toBe(true);
  });
});

describe('British counts, halves and ranges with the imperial after a slash', () => {
  check([
    ['2 75g/2¾oz beef fillet medallions', 150, 'g', 'beef fillet medallions'],
    ['2 400g cans chickpeas, drained', 800, 'g', 'chickpeas'],
    ['about 250-300ml/9-10fl oz warm water', 300, 'ml', 'warm water'],
    ['50-60g/2-2½oz soft brown sugar', 60, 'g', 'soft brown sugar'],
    ['2 tsps/10g cornflour', 2, 'tsp', 'cornflour'],
    ['half lemon, juice only', 0.5, 'each', 'lemon'],
    ['half tsp bicarbonate of soda', 0.5, 'tsp', 'bicarbonate of soda'],
    ['Rind of one-half lemon, grated', 0.5, 'each', 'lemon'],
  ]);
});

describe('newspaper lines: examples, temperatures of a recipe, what is done after the name', () => {
  check([
    ['6 cups mixed salad greens like romaine, escarole, endive or frisee', 6, 'cup', 'mixed salad greens'],
    ['1/2 cup crushed tomatoes', 0.5, 'cup', 'crushed tomatoes'],
    ['3 1/2 cups torn baguette in 1/2-inch pieces', 3.5, 'cup', 'baguette'],
    ['3 cups minus 2 tablespoons all-purpose flour', 3, 'cup', 'all-purpose flour'],
    ['10 ounces spinach -- stems removed -- washed', 283.5, 'g', 'spinach'],
    ['Salt and white pepper as desired', null, null, 'salt and white pepper'],
    ['1 egg beaten with 2 tablespoons of water, for egg wash', 1, 'each', 'egg'],
    ['2 tablespoons chopped fresh tarragon or half the amount dried', 2, 'tbsp', 'fresh tarragon'],
    ['8 (golf ball-size) golden beets', 8, 'each', 'golden beets'],
    ['3 medium-large eggplants, cut crosswise', 3, 'each', 'eggplants'],
    ['1 pound 1/4-inch wide fresh egg noodles', 453.6, 'g', 'fresh egg noodles'],
  ]);
});

describe('magazine lines: counts in words, fraction slashes, sizes with no count', () => {
  check([
    ['Zest of two lemons', 2, 'each', 'lemons'],
    ['The zest of a lemon, unwaxed', null, null, 'lemon'],
    ['2 tsp ground black pepper, plus 1⁄2 tablespoon', 2, 'tsp', 'black pepper'],
    ['1 1⁄2 cups whole milk', 1.5, 'cup', 'whole milk'],
    ['3-inch knob ginger, peeled', null, null, 'ginger'],
    ['2 lb plus 2 oz leeks, trimmed', 907.2, 'g', 'leeks'],
    ['1 ½ tsp rose harissa (or regular)', 1.5, 'tsp', 'rose harissa'],
    ['½ c orange juice (no pulp)', 0.5, 'cup', 'orange juice'],
    ['Cooking spray or oil for the waffle iron', null, null, 'cooking spray or oil'],
    ['3 tbsp vegetable oil, or enough to coat the pan', 3, 'tbsp', 'vegetable oil'],
    ['Steamed jasmine rice, to serve', null, null, 'jasmine rice'],
    ['3 lb skinned and cleaned striped bass fillets', 1360.8, 'g', 'striped bass fillets'],
  ]);
});

describe('Australian and New Zealand lines: grams spelt out, pots', () => {
  check([
    ['400-gram tin crushed tomatoes', 400, 'g', 'crushed tomatoes'],
    ['80 gm (⅓ cup) mixed olives', 80, 'g', 'mixed olives'],
    ['1 pot of kimchi', 1, 'each', 'kimchi'],
    ['300g fruit of choice (see tip)', 300, 'g', 'fruit'],
    ['25 gram butter, chopped', 25, 'g', 'butter'],
  ]);
});

describe('what is not the name before it, and lists that end in a choice', () => {
  check([
    ['1 stick (½ cup) or more softened butter', 1, 'each', 'butter'],
    ['The rest of the blanched orange peel', null, null, 'blanched orange peel'],
    ['A small tub of mascarpone', null, null, 'mascarpone'],
    ['1½ cups (210 grams) unsifted all purpose flour', 1.5, 'cup', 'all purpose flour'],
    [
      '2 tablespoons finely diced red or yellow bell pepper, or a combination',
      2,
      'tbsp',
      'red or yellow bell pepper',
    ],
    ['6 inner leaves Boston (or other) lettuce', 6, 'each', 'inner leaves boston or other lettuce'],
  ]);
});

describe('British lines: ranges on both sides of the slash, zest and juice, leaves and glasses', () => {
  check([
    ['1 x 5-7kg/11-15½lb suckling pig', 7, 'kg', 'suckling pig'],
    ['350-450g/12oz-1lb cherry tomatoes', 450, 'g', 'cherry tomatoes'],
    ['3in/8cm fresh ginger, peeled', null, null, 'fresh ginger'],
    ['400g/14oz flaked, deboned hot-smoked salmon', 400, 'g', 'deboned hot-smoked salmon'],
    ['½ lemon, zest and juice', 0.5, 'each', 'lemon'],
    ['6 lemons, juice and zest', 6, 'each', 'lemons'],
    ['4 leaves fresh mint, chopped', 4, 'each', 'fresh mint'],
    ['couple sprigs fresh tarragon, chopped', null, null, 'fresh tarragon'],
    ['1 free-range egg (fridge cold)', 1, 'each', 'free-range egg'],
    ['4 x 200g/7oz salmon fillets (skin off)', 800, 'g', 'salmon fillets'],
    ['½ glass white wine (about 75-100ml/2½-3½fl oz)', 0.5, 'each', 'white wine'],
    ['1 large red pepper (around 200g/7oz) very finely chopped', 1, 'each', 'red pepper'],
    ['9 sheets (3/4 ounce) leaf gelatin', 9, 'each', 'leaf gelatin'],
  ]);
});

describe('Allrecipes lines: what the pack holds, a percentage in a name', () => {
  check([
    [
      '4 (6 ounce) fillets sole, flounder or other whitefish fillets',
      680,
      'g',
      'sole flounder or other whitefish fillets',
    ],
    ['2 (6 ounce) fillets cod fillets', 340, 'g', 'cod fillets'],
    ['1 (1.5 fluid ounce) jigger pisco', 44, 'ml', 'pisco'],
    ['1 (12 fluid ounce) can or bottle dark beer', 355, 'ml', 'dark beer'],
    ['1 cup whole or 2% milk', 1, 'cup', 'whole or 2% milk'],
    ['1 cup fat free frozen whipped topping, thawed', 1, 'cup', 'fat free frozen whipped topping'],
    ['4 large scoops vanilla ice cream', 4, 'each', 'vanilla ice cream'],
  ]);
});
