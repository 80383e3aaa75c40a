// Lines as recipe sites write them (issue 43 items 1 and 2), by class: British metric with the
// imperial amount after a slash or in brackets, imperial alone, words that pick another product
// kept in the name, and the leftovers of measures and asides cleaned away. Written here in the
// way British, American, Australian and New Zealand sites write, not copied from the corpus.
import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from './ingredient-parse.js';

type Case = [line: string, quantity: number | null, unit: string | null, name: string];

const check = (cases: Case[]) =>
  it.each(cases)('%s', (line, quantity, unit, name) => {
    const parsed = parseIngredientLine(line);
    expect([parsed.quantity, parsed.unit, parsed.name]).toEqual([quantity, unit, name]);
  });

describe('metric with imperial after a slash or in brackets: the metric amount, the whole name', () => {
  check([
    ['55g/2oz peas', 55, 'g', 'peas'],
    ['300g/10½oz unsalted butter', 300, 'g', 'unsalted butter'],
    ['1kg/2lb 4oz potatoes', 1, 'kg', 'potatoes'],
    ['1 x 375g/13oz puff pastry', 375, 'g', 'puff pastry'],
    ['150ml/¼ pint double cream', 150, 'ml', 'double cream'],
    ['200g (7oz) flour', 200, 'g', 'flour'],
    ['80g/2¾oz plain flour', 80, 'g', 'plain flour'],
    ['75g/2¾oz palm sugar', 75, 'g', 'palm sugar'],
    ['50g/1¾oz blue cheese', 50, 'g', 'blue cheese'],
    ['100g/3½oz dark chocolate', 100, 'g', 'dark chocolate'],
    ['225g/8oz egg noodles', 225, 'g', 'egg noodles'],
    ['275g/10oz rice flour', 275, 'g', 'rice flour'],
    ['500g/1lb 2oz beef sirloin steak', 500, 'g', 'beef sirloin steak'],
    ['750g/1lb 10oz carrots', 750, 'g', 'carrots'],
    ['2 litres/3½ pints chicken stock', 2, 'l', 'chicken stock'],
    ['1 litre/1¾ pints whole milk', 1, 'l', 'whole milk'],
    ['600ml/1 pint single cream', 600, 'ml', 'single cream'],
    ['100ml/3½fl oz white wine', 100, 'ml', 'white wine'],
    ['400ml/14fl oz coconut milk', 400, 'ml', 'coconut milk'],
    ['250g/9oz mascarpone', 250, 'g', 'mascarpone'],
    ['125g/4½oz caster sugar', 125, 'g', 'caster sugar'],
    ['175g/6oz self-raising flour', 175, 'g', 'self-raising flour'],
    ['25g/1oz butter, melted', 25, 'g', 'butter'],
    ['450g/1lb strawberries, hulled', 450, 'g', 'strawberries'],
    ['150g/5½oz smoked mackerel, flaked', 150, 'g', 'smoked mackerel'],
    ['200g/7oz tinned chickpeas, drained', 200, 'g', 'tinned chickpeas'],
    ['500ml/18fl oz vegetable stock', 500, 'ml', 'vegetable stock'],
    ['1.5kg/3lb 5oz leg of lamb', 1.5, 'kg', 'leg of lamb'],
    ['30g/1oz parmesan, finely grated', 30, 'g', 'parmesan'],
    ['120g (4oz) icing sugar', 120, 'g', 'icing sugar'],
    ['250ml (1 cup) milk', 250, 'ml', 'milk'],
    ['500 g/1 lb 2 oz pumpkin, peeled', 500, 'g', 'pumpkin'],
    ['100g/3½oz frozen peas', 100, 'g', 'frozen peas'],
    ['60g/2¼oz ground almonds', 60, 'g', 'ground almonds'],
    ['400g/14oz can chopped tomatoes', 400, 'g', 'chopped tomatoes'],
  ]);
});

describe('imperial alone: converted to grams or millilitres', () => {
  check([
    ['8 oz cheddar cheese', 226.8, 'g', 'cheddar cheese'],
    ['1 lb beef mince', 453.6, 'g', 'beef mince'],
    ['2 lb potatoes', 907.2, 'g', 'potatoes'],
    ['½ lb baby potatoes', 226.8, 'g', 'baby potatoes'],
    ['1½ lb mixed berries', 680.4, 'g', 'mixed berries'],
    ['12 oz bacon, chopped', 340.2, 'g', 'bacon'],
    ['16 oz spaghetti', 453.6, 'g', 'spaghetti'],
    ['4 ounces cream cheese, softened', 113.4, 'g', 'cream cheese'],
    ['1 pound ground beef', 453.6, 'g', 'ground beef'],
    ['2 pounds chicken thighs', 907.2, 'g', 'chicken thighs'],
    ['¾ pound shiitake mushrooms', 340.2, 'g', 'shiitake mushrooms'],
    ['2 fl oz milk', 59.1, 'ml', 'milk'],
    ['1 pint milk', 568, 'ml', 'milk'],
    ['½ pint double cream', 284, 'ml', 'double cream'],
    ['1 quart chicken broth', 946, 'ml', 'chicken broth'],
    ['6 ounces bittersweet chocolate, chopped', 170.1, 'g', 'bittersweet chocolate'],
    ['10 oz frozen spinach, thawed', 283.5, 'g', 'frozen spinach'],
  ]);
});

describe('words that pick another product stay in the name; preparation goes to the note', () => {
  check([
    ['125g unsalted butter', 125, 'g', 'unsalted butter'],
    ['100g salted butter, softened', 100, 'g', 'salted butter'],
    ['1 cup icing sugar', 1, 'cup', 'icing sugar'],
    ['½ cup caster sugar', 0.5, 'cup', 'caster sugar'],
    ['1 cup brown sugar, firmly packed', 1, 'cup', 'brown sugar'],
    ['2 cups plain flour, sifted', 2, 'cup', 'plain flour'],
    ['1 cup self-raising flour', 1, 'cup', 'self-raising flour'],
    ['1 tsp dried oregano', 1, 'tsp', 'dried oregano'],
    ['2 tsp ground cumin', 2, 'tsp', 'ground cumin'],
    ['1 tsp smoked paprika', 1, 'tsp', 'smoked paprika'],
    ['400g tinned tomatoes', 400, 'g', 'tinned tomatoes'],
    ['400g canned black beans, rinsed', 400, 'g', 'canned black beans'],
    ['300ml double cream', 300, 'ml', 'double cream'],
    ['250ml sour cream', 250, 'ml', 'sour cream'],
    ['1 cup frozen peas', 1, 'cup', 'frozen peas'],
    ['2 tbsp fresh dill, roughly chopped', 2, 'tbsp', 'fresh dill'],
    ['4 boneless chicken thighs, diced', 4, 'each', 'boneless chicken thighs'],
    ['6 boneless, skinless chicken thighs', 6, 'each', 'boneless skinless chicken thighs'],
    ['2 ripe avocados, halved', 2, 'each', 'ripe avocados'],
    ['1 onion, finely chopped', 1, 'each', 'onion'],
    ['2 carrots, peeled and grated', 2, 'each', 'carrots'],
    ['1 tbsp finely chopped fresh parsley', 1, 'tbsp', 'fresh parsley'],
    ['1 tsp freshly ground black pepper', 1, 'tsp', 'black pepper'],
    ['½ tsp dried chilli flakes', 0.5, 'tsp', 'dried chilli flakes'],
    ['2 large eggs, at room temperature', 2, 'each', 'eggs'],
    ['1 cup grated cheese', 1, 'cup', 'cheese'],
    ['1 cup cooked rice', 1, 'cup', 'rice'],
  ]);
});

describe('leftovers cleaned', () => {
  check([
    ['1 (1.25-ounce) package taco seasoning', 35, 'g', 'taco seasoning'],
    ['2 15-ounce cans chickpeas, drained', 850, 'g', 'chickpeas'],
    ['2 (14.5 oz) cans diced tomatoes', 822, 'g', 'diced tomatoes'],
    ['2 cloves finely grated or minced garlic', 2, 'each', 'garlic'],
    ['1 cup grated cheese of your choice', 1, 'cup', 'cheese'],
    ['2 heads of garlic', 2, 'each', 'garlic'],
    ['1 lg onion, diced', 1, 'each', 'onion'],
    ['2 md carrots', 2, 'each', 'carrots'],
    ['3 sm potatoes', 3, 'each', 'potatoes'],
    ['juice of 1 lemon', 1, 'each', 'lemon'],
    ['zest of 2 limes', 2, 'each', 'limes'],
    ['3 garlic cloves, crushed', 3, 'each', 'garlic'],
    ['1 large bunch coriander', 1, 'each', 'coriander'],
    ['1 tbsp oats to sprinkle', 1, 'tbsp', 'oats'],
    ['1 ¼ tsp teaspoons baking powder', 1.25, 'tsp', 'baking powder'],
    ['1 red onion chopped', 1, 'each', 'red onion'],
    ['2 carrots peeled and diced', 2, 'each', 'carrots'],
    ['¾ cup loosely packed basil leaves', 0.75, 'cup', 'basil leaves'],
    ['4 cups gently packed baby spinach', 4, 'cup', 'baby spinach'],
    ['1 envelope active dry yeast', 1, 'each', 'active dry yeast'],
    ['3 medium-size garlic cloves, finely chopped', 3, 'each', 'garlic'],
    ['4 extra large eggs', 4, 'each', 'eggs'],
    ['2 plump garlic cloves', 2, 'each', 'garlic'],
    ['1 pound washed spinach', 453.6, 'g', 'spinach'],
    ['3 cups freshly squeezed orange juice', 3, 'cup', 'orange juice'],
    ['7 cups heated chicken stock', 7, 'cup', 'chicken stock'],
    ['3 or 4 gratings of nutmeg', 4, 'each', 'nutmeg'],
    ['1 tbsp plus 1 teaspoon sugar', 1, 'tbsp', 'sugar'],
    ['2 cups all-purpose flour plus 2 tablespoons, divided', 2, 'cup', 'all-purpose flour'],
    ['3 medium sized red onions', 3, 'each', 'red onions'],
    ['½ cup fresh chopped parsley', 0.5, 'cup', 'fresh parsley'],
    ['4 celery stalks, cut into batons', 4, 'each', 'celery'],
    ['¼ tsp freshly cracked black pepper', 0.25, 'tsp', 'black pepper'],
  ]);
  it.each([
    ['a handful of basil leaves', 'basil leaves'],
    ['small handful chives, chopped', 'chives'],
    ['few drops of lemon juice', 'lemon juice'],
    ['a pinch of ground nutmeg', 'ground nutmeg'],
  ])('%s is to taste, named %s', (line, name) => {
    expect(parseIngredientLine(line)).toMatchObject({ quantity: null, name, toTaste: true });
  });
});

describe('Australian and New Zealand lines', () => {
  check([
    ['125g butter, softened', 125, 'g', 'butter'],
    ['1 cup (150g) self-raising flour', 1, 'cup', 'self-raising flour'],
    ['½ cup (110g) caster sugar', 0.5, 'cup', 'caster sugar'],
    ['2 x 400g cans diced tomatoes', 800, 'g', 'diced tomatoes'],
    ['1 brown onion, finely chopped', 1, 'each', 'brown onion'],
    ['2 garlic cloves, crushed', 2, 'each', 'garlic'],
    ['500g beef mince', 500, 'g', 'beef mince'],
    ['1 tbsp olive oil', 1, 'tbsp', 'olive oil'],
    ['1 litre chicken stock', 1, 'l', 'chicken stock'],
    ['600g kumara, peeled and diced', 600, 'g', 'kumara'],
    ['1 red capsicum, sliced', 1, 'each', 'red capsicum'],
    ['2 courgettes, grated', 2, 'each', 'courgettes'],
    ['1 bunch coriander, leaves picked', 1, 'each', 'coriander'],
    ['4 spring onions, thinly sliced', 4, 'each', 'spring onions'],
    ['300g Greek yoghurt', 300, 'g', 'greek yoghurt'],
    ['1 tsp ground cinnamon', 1, 'tsp', 'ground cinnamon'],
    ['½ tsp baking soda', 0.5, 'tsp', 'baking soda'],
    ['2 eggs, lightly beaten', 2, 'each', 'eggs'],
    ['1 cup milk', 1, 'cup', 'milk'],
    ['3 tbsp golden syrup', 3, 'tbsp', 'golden syrup'],
    ['1 cup desiccated coconut', 1, 'cup', 'desiccated coconut'],
    ['1 cup rolled oats', 1, 'cup', 'rolled oats'],
    ['200g feta, crumbled', 200, 'g', 'feta'],
    ['250g cherry tomatoes, halved', 250, 'g', 'cherry tomatoes'],
    ['1 lemon, zested and juiced', 1, 'each', 'lemon'],
    ['2 tbsp sweet chilli sauce', 2, 'tbsp', 'sweet chilli sauce'],
    ['1 tbsp soy sauce', 1, 'tbsp', 'soy sauce'],
    ['400ml can coconut cream', 400, 'ml', 'coconut cream'],
    ['1kg lamb shoulder', 1, 'kg', 'lamb shoulder'],
    ['8 chicken drumsticks', 8, 'each', 'chicken drumsticks'],
    ['2 sheets frozen puff pastry, thawed', 2, 'each', 'frozen puff pastry'],
    ['100g baby spinach leaves', 100, 'g', 'baby spinach leaves'],
    ['1 cup grated tasty cheese', 1, 'cup', 'tasty cheese'],
    ['2 tbsp tomato paste', 2, 'tbsp', 'tomato paste'],
    ['1 tsp dried mixed herbs', 1, 'tsp', 'dried mixed herbs'],
    ['750ml passata', 750, 'ml', 'passata'],
    ['2 tsp Dijon mustard', 2, 'tsp', 'dijon mustard'],
    ['1 tbsp brown sugar', 1, 'tbsp', 'brown sugar'],
    ['4 potatoes, peeled and quartered', 4, 'each', 'potatoes'],
    ['1 head broccoli, cut into florets', 1, 'each', 'broccoli'],
  ]);
});

describe('American lines', () => {
  check([
    ['1 cup all-purpose flour', 1, 'cup', 'all-purpose flour'],
    ['2 cups granulated sugar', 2, 'cup', 'granulated sugar'],
    ['½ cup packed light brown sugar', 0.5, 'cup', 'light brown sugar'],
    ['1 stick unsalted butter, melted', 1, 'each', 'unsalted butter'],
    ['2 large eggs', 2, 'each', 'eggs'],
    ['1 teaspoon vanilla extract', 1, 'tsp', 'vanilla extract'],
    ['½ teaspoon kosher salt', 0.5, 'tsp', 'kosher salt'],
    ['1 cup buttermilk', 1, 'cup', 'buttermilk'],
    ['3 tablespoons extra-virgin olive oil', 3, 'tbsp', 'extra-virgin olive oil'],
    ['1 medium yellow onion, diced', 1, 'each', 'yellow onion'],
    ['4 cloves garlic, minced', 4, 'each', 'garlic'],
    ['1 (28-ounce) can crushed tomatoes', 794, 'g', 'crushed tomatoes'],
    ['2 cups low-sodium chicken broth', 2, 'cup', 'low-sodium chicken broth'],
    ['1 pound boneless, skinless chicken breasts', 453.6, 'g', 'boneless skinless chicken breasts'],
    ['¼ cup chopped fresh cilantro', 0.25, 'cup', 'fresh cilantro'],
    ['2 scallions, thinly sliced', 2, 'each', 'scallions'],
    ['1 cup shredded cheddar cheese', 1, 'cup', 'cheddar cheese'],
    ['1 cup sour cream', 1, 'cup', 'sour cream'],
    ['2 tablespoons cornstarch', 2, 'tbsp', 'cornstarch'],
    ['1 red bell pepper, seeded and chopped', 1, 'each', 'red bell pepper'],
    ['2 medium zucchini, sliced', 2, 'each', 'zucchini'],
    ['8 ounces cremini mushrooms, sliced', 226.8, 'g', 'cremini mushrooms'],
    ['1 cup heavy cream', 1, 'cup', 'heavy cream'],
    ['¼ cup grated Parmesan', 0.25, 'cup', 'parmesan'],
    ['1 tablespoon fresh lemon juice', 1, 'tbsp', 'fresh lemon juice'],
    ['1 teaspoon baking powder', 1, 'tsp', 'baking powder'],
    ['1 cup confectioners’ sugar', 1, 'cup', 'confectioners’ sugar'],
    ['2 cups whole milk', 2, 'cup', 'whole milk'],
    ['1 pound ground turkey', 453.6, 'g', 'ground turkey'],
    ['1 (15-ounce) can black beans, drained and rinsed', 425, 'g', 'black beans'],
  ]);
});

describe('British lines', () => {
  check([
    ['1 tbsp vegetable oil', 1, 'tbsp', 'vegetable oil'],
    ['2 onions, finely sliced', 2, 'each', 'onions'],
    ['400g/14oz tin chopped tomatoes', 400, 'g', 'chopped tomatoes'],
    ['1 tsp garam masala', 1, 'tsp', 'garam masala'],
    ['200ml/7fl oz double cream', 200, 'ml', 'double cream'],
    ['350g/12oz spaghetti', 350, 'g', 'spaghetti'],
    ['small bunch flat-leaf parsley, chopped', null, null, 'flat-leaf parsley'],
    ['3 tbsp plain flour', 3, 'tbsp', 'plain flour'],
    ['85g/3oz golden caster sugar', 85, 'g', 'golden caster sugar'],
    ['1 tsp English mustard powder', 1, 'tsp', 'english mustard powder'],
    ['4 rashers smoked streaky bacon', 4, 'each', 'smoked streaky bacon'],
    ['1.2 litres/2 pints hot vegetable stock', 1.2, 'l', 'hot vegetable stock'],
    ['225g/8oz self-raising flour', 225, 'g', 'self-raising flour'],
    ['2 free-range eggs', 2, 'each', 'free-range eggs'],
    ['140g/5oz frozen peas', 140, 'g', 'frozen peas'],
    ['1 tbsp Worcestershire sauce', 1, 'tbsp', 'worcestershire sauce'],
    ['25g/1oz dried porcini mushrooms', 25, 'g', 'dried porcini mushrooms'],
    ['500g/1lb 2oz floury potatoes, peeled', 500, 'g', 'floury potatoes'],
    ['1 x 400g/14oz can butter beans, drained', 400, 'g', 'butter beans'],
    ['150g/5½oz natural yoghurt', 150, 'g', 'natural yoghurt'],
  ]);
});
