// Lines as recipe sites write them (issue 43 items 1 and 2), by class: British metric with the
// imperial amount after a slash or in brackets, imperial alone, words that pick another product
// kept in the name, and the leftovers of measures and asides cleaned away. Written here in the
// way British, American, Australian and New Zealand sites write, not copied from the corpus.
import { describe, expect, it } from 'vitest';
import { ingredientAmount, parseIngredientLine } from './ingredient-parse.js';

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

describe('parts of something sold whole, counted as the recipe counts them', () => {
  check([
    ['4 cloves garlic, peeled and smashed', 4, 'each', 'garlic'],
    ['6 garlic cloves, thinly sliced', 6, 'each', 'garlic'],
    ['1 clove garlic, minced', 1, 'each', 'garlic'],
    ['3 large cloves garlic, finely chopped', 3, 'each', 'garlic'],
    ['8 slices bacon, chopped', 8, 'each', 'bacon'],
    ['2 slices white bread, crusts removed', 2, 'each', 'white bread'],
    ['4 thick slices sourdough bread', 4, 'each', 'sourdough bread'],
    ['6 rashers streaky bacon', 6, 'each', 'streaky bacon'],
    ['3 sprigs fresh thyme', 3, 'each', 'fresh thyme'],
    ['2 sprigs of rosemary', 2, 'each', 'rosemary'],
    ['2 stalks celery, diced', 2, 'each', 'celery'],
    ['1 stick unsalted butter, softened', 1, 'each', 'unsalted butter'],
    ['1 cinnamon stick', 1, 'each', 'cinnamon stick'],
    ['2 handfuls baby spinach', 2, 'each', 'baby spinach'],
    ['3 large pinches of sea salt', null, null, 'sea salt'],
    ['4 slices prosciutto, torn', 4, 'each', 'prosciutto'],
    ['10 cloves garlic, unpeeled', 10, 'each', 'garlic'],
    ['2 ribs celery, sliced', 2, 'each', 'celery'],
  ]);
  it('buys the share of the whole the parts make', () => {
    expect(ingredientAmount(parseIngredientLine('5 cloves garlic'))).toEqual({ value: 0.5, kind: 'count' });
    expect(ingredientAmount(parseIngredientLine('2 slices ham'))).toEqual({ value: 0.2, kind: 'count' });
  });
});

describe('American books: sizes in words, cans in ounces, amounts joined to their unit', () => {
  check([
    ['One 28-ounce can whole tomatoes, drained', 794, 'g', 'whole tomatoes'],
    ['One 15-ounce can chickpeas, rinsed', 425, 'g', 'chickpeas'],
    ['Two 8-ounce packages cream cheese, softened', 454, 'g', 'cream cheese'],
    ['One 14-ounce can diced tomatoes', 397, 'g', 'diced tomatoes'],
    ['One can (15 ounces) black beans, drained', 1, 'each', 'black beans'],
    ['1 14-fl oz can coconut milk', 414, 'ml', 'coconut milk'],
    ['1 (13.5 fl oz) can coconut cream', 399, 'ml', 'coconut cream'],
    ['2 (12 fl oz) bottles lager', 710, 'ml', 'lager'],
    ['1 (9-ounce/255g) package fresh fettuccine', 255, 'g', 'fresh fettuccine'],
    ['1 (8-ounce/225g) block cream cheese', 225, 'g', 'cream cheese'],
    ['One 2 oz (57g) tin anchovies', 57, 'g', 'anchovies'],
    ['4 oz (115g) unsalted butter, cubed', 113.4, 'g', 'unsalted butter'],
    ['One 7-ounce block feta', 198, 'g', 'feta'],
    ['4-pound pork shoulder, trimmed', 1814.4, 'g', 'pork shoulder'],
    ['3-pound whole chicken', 1360.8, 'g', 'whole chicken'],
    ['1 1-inch piece fresh ginger, peeled', 1, 'each', 'fresh ginger'],
    ['One 3-inch piece of ginger, grated', 1, 'each', 'ginger'],
    ['2 (6-ounce) containers Greek yogurt', 340, 'g', 'greek yogurt'],
    ['1 (16-ounce) box penne pasta', 454, 'g', 'penne pasta'],
    ['1 qt chicken stock', 946, 'ml', 'chicken stock'],
  ]);
});

describe('describing words and preparation listed with commas before the name', () => {
  check([
    ['1 cup strong, hot coffee', 1, 'cup', 'strong hot coffee'],
    ['6 firm, ripe peaches, sliced', 6, 'each', 'firm ripe peaches'],
    ['12 large, ripe tomatoes', 12, 'each', 'ripe tomatoes'],
    ['½ cup natural, salted, smooth peanut butter', 0.5, 'cup', 'natural salted smooth peanut butter'],
    ['1 pound washed, hulled, and dried strawberries', 453.6, 'g', 'dried strawberries'],
    ['2 cups cubed, cooked ham', 2, 'cup', 'ham'],
    ['1 cup peeled, cored and diced apples', 1, 'cup', 'apples'],
    ['4 boneless, skinless chicken breasts', 4, 'each', 'boneless skinless chicken breasts'],
    ['1 fat or 2 thin leeks, sliced', 1, 'each', 'leeks'],
    ['2 cups cubed, cooked chicken', 2, 'cup', 'chicken'],
    ['3 tbsp soft, unsalted butter', 3, 'tbsp', 'soft unsalted butter'],
    ['1 pear cored, peeled and chopped', 1, 'each', 'pear'],
    ['2 apples cored and sliced', 2, 'each', 'apples'],
  ]);
});

describe('another name in brackets and alternatives after commas stay in the name', () => {
  check([
    ['½ cup heavy (whipping) cream', 0.5, 'cup', 'heavy whipping cream'],
    ['1 cup caster (superfine) sugar', 1, 'cup', 'caster superfine sugar'],
    ['2 Roma (plum) tomatoes, diced', 2, 'each', 'roma plum tomatoes'],
    ['¼ cup masa (corn flour)', 0.25, 'cup', 'masa corn flour'],
    ['1 tsp ground canela (Mexican cinnamon)', 1, 'tsp', 'ground canela mexican cinnamon'],
    ['1 can chickpeas (garbanzo beans), drained', 1, 'each', 'chickpeas garbanzo beans'],
    ['2 cups frisée (curly endive)', 2, 'cup', 'frisée curly endive'],
    ['1 tsp tahini (sesame seed paste)', 1, 'tsp', 'tahini'],
    ['1 cup rice (jasmine or basmati), rinsed', 1, 'cup', 'rice'],
    ['2 tbsp fish sauce (optional)', 2, 'tbsp', 'fish sauce'],
    ['60g/2oz (shelled weight) broad beans', 60, 'g', 'broad beans'],
    ['4 slices Cheddar, Swiss or provolone cheese', 4, 'each', 'cheddar swiss or provolone cheese'],
    ['3 tbsp pine nuts, walnuts, or almonds', 3, 'tbsp', 'pine nuts walnuts or almonds'],
    ['2 tbsp butter, melted, or olive oil', 2, 'tbsp', 'butter or olive oil'],
    ['1 tbsp clarified butter, ghee, or coconut oil', 1, 'tbsp', 'clarified butter ghee or coconut oil'],
    ['110g/4oz parmesan, or a similar hard cheese, grated', 110, 'g', 'parmesan or a similar hard cheese'],
    ['1½ lb mixed berries, fresh or frozen', 680.4, 'g', 'mixed berries'],
    ['½ onion, such as Vidalia, Walla Walla, or Maui, sliced', 0.5, 'each', 'onion'],
    ['2 tbsp olive oil, or as needed', 2, 'tbsp', 'olive oil'],
    ['4 ounces fontina cheese, sliced, shaved or grated', 113.4, 'g', 'fontina cheese'],
    ['1 cup stock, chicken or vegetable', 1, 'cup', 'stock chicken or vegetable'],
  ]);
});

describe('preparation before the name, purposes and measures after it', () => {
  check([
    ['2 cups hot cooked rice', 2, 'cup', 'rice'],
    ['4 cups hot cooked egg noodles', 4, 'cup', 'egg noodles'],
    ['3 cups diced cooked chicken', 3, 'cup', 'chicken'],
    ['12 ounces cooked and peeled prawns', 340.2, 'g', 'prawns'],
    ['½ cup seeded and diced tomatoes', 0.5, 'cup', 'tomatoes'],
    ['¼ cup chilled butter, cubed', 0.25, 'cup', 'butter'],
    ['3 cups sifted cake flour', 3, 'cup', 'cake flour'],
    ['1 tbsp snipped chives', 1, 'tbsp', 'chives'],
    ['½ cup slivered almonds', 0.5, 'cup', 'almonds'],
    ['8 cups cubed day-old bread', 8, 'cup', 'day-old bread'],
    ['2 tbsp shelled pistachios', 2, 'tbsp', 'pistachios'],
    ['2 tbsp iced water', 2, 'tbsp', 'water'],
    ['white sugar for rolling', null, null, 'white sugar'],
    ['icing sugar, for dusting', null, null, 'icing sugar'],
    ['honey for dipping', null, null, 'honey'],
    ['3 cups water to cover', 3, 'cup', 'water'],
    ['2 cups all-purpose flour plus', 2, 'cup', 'all-purpose flour'],
    ['6 stems thyme', 6, 'each', 'thyme'],
    ['8 spears asparagus, trimmed', 8, 'each', 'asparagus'],
    ['1 bunch asparagus spears, trimmed', 1, 'each', 'asparagus'],
    ['4 cups flat-leaf parsley sprigs', 4, 'cup', 'flat-leaf parsley'],
    ['1 basket strawberries, hulled', 1, 'each', 'strawberries'],
    ['8 (1 ounce) squares dark chocolate, chopped', 224, 'g', 'dark chocolate'],
    ['1 (4 ounce) container beef stock concentrate (such as Knorr', 113, 'g', 'beef stock concentrate'],
    ['salt and ground black pepper, to taste', null, null, 'salt and black pepper'],
    ['sea salt and freshly milled black pepper', null, null, 'sea salt and black pepper'],
    ['1 tsp ground black pepper', 1, 'tsp', 'black pepper'],
    ['Kosher salt and freshly ground black pepper', null, null, 'kosher salt and black pepper'],
    ['kosher salt and cracked black pepper to taste', null, null, 'kosher salt and black pepper'],
    ['1 (.25 ounce) package active dry yeast', 7, 'g', 'active dry yeast'],
  ]);
});

describe('an American measure, then the metric one after a slash: the first is read', () => {
  check([
    ['2 cups/480 milliliters whole milk', 2, 'cup', 'whole milk'],
    ['1/2 cup/115 grams unsalted butter, softened', 0.5, 'cup', 'unsalted butter'],
    ['3 tablespoons/45 milliliters olive oil', 3, 'tbsp', 'olive oil'],
    ['1 pound/450 grams spaghetti', 453.6, 'g', 'spaghetti'],
    ['1 teaspoon/5 grams kosher salt', 1, 'tsp', 'kosher salt'],
    ['8 ounces/225 grams cream cheese, at room temperature', 226.8, 'g', 'cream cheese'],
    ['120 grams/1 cup plain flour', 120, 'g', 'plain flour'],
    ['480 milliliters/2 cups chicken stock', 480, 'ml', 'chicken stock'],
  ]);
});

describe('British shorthand: no "of" after zest and juice, heaped spoons, half a pack', () => {
  check([
    ['zest and juice 1 lemon', 1, 'each', 'lemon'],
    ['juice ½ lime', 0.5, 'each', 'lime'],
    ['finely grated zest 2 oranges', 2, 'each', 'oranges'],
    ['2 heaped tbsp mango chutney', 2, 'tbsp', 'mango chutney'],
    ['1 level tsp baking powder', 1, 'tsp', 'baking powder'],
    ['1 scant cup sugar', 1, 'cup', 'sugar'],
    ['½ x 20g pack parsley, chopped', 10, 'g', 'parsley'],
    ['½ x 400g can chickpeas', 200, 'g', 'chickpeas'],
    ['About 1 cup all-purpose flour, for dredging', 1, 'cup', 'all-purpose flour'],
    ['approx. 500g pumpkin, peeled', 500, 'g', 'pumpkin'],
  ]);
});

describe('magazine lines: abbreviations with full stops, salt by brand, cuts listed with commas', () => {
  check([
    [
      '1 tsp. Diamond Crystal or ½ tsp. Morton kosher salt',
      1,
      'tsp',
      'diamond crystal or morton kosher salt',
    ],
    [
      '2 tsp. Diamond Crystal or 1 tsp. Morton kosher salt, plus more',
      2,
      'tsp',
      'diamond crystal or morton kosher salt',
    ],
    ['⅓ cup plus 2 Tbsp. granulated sugar', 0.333, 'cup', 'granulated sugar'],
    ['2 lb. skin-on, bone-in chicken thighs', 907.2, 'g', 'skin-on bone-in chicken thighs'],
    ['1 lb. thick-cut, low-sodium bacon', 453.6, 'g', 'thick-cut low-sodium bacon'],
    ['2 15-oz. cans chickpeas, rinsed', 850, 'g', 'chickpeas'],
    ['1 (14-oz.) can coconut milk', 397, 'g', 'coconut milk'],
    ['8 oz. dried rice noodles', 226.8, 'g', 'dried rice noodles'],
    ['1 qt. whole milk', 946, 'ml', 'whole milk'],
    ['½ cup (1 stick) unsalted butter, melted', 0.5, 'cup', 'unsalted butter'],
    ['1½ cups (packed) light brown sugar', 1.5, 'cup', 'light brown sugar'],
    ['2 or 3 slices bread', 3, 'each', 'bread'],
    ['Vegetable oil for deep-frying', null, null, 'vegetable oil'],
    ['One 3- to 3 1/2-pound chicken, cut into 8 pieces', 1588, 'g', 'chicken'],
    ['1 2-to-3-pound butternut squash', 1361, 'g', 'butternut squash'],
    ['1/2 (16 ounce) package bacon', 227, 'g', 'bacon'],
    ['1 1/2 (.25 ounce) packages active dry yeast', 10.5, 'g', 'active dry yeast'],
    ['½ (400g) can chickpeas', 200, 'g', 'chickpeas'],
    ['7g sachet fast-action dried yeast', 7, 'g', 'fast-action dried yeast'],
    ['2 x 7g sachets dried yeast', 14, 'g', 'dried yeast'],
    ['Grated zest of 1 orange', 1, 'each', 'orange'],
    ['1 tablespoon each minced parsley and chives', 1, 'tbsp', 'parsley and chives'],
    ['4 gelatine leaves', 4, 'each', 'gelatine'],
    ['1 (16 ounce) package cooked and peeled prawns', 454, 'g', 'prawns'],
    ['1 (10 ounce) package chopped frozen spinach, thawed', 284, 'g', 'frozen spinach'],
    ['1 (14 ounce) can diced tomatoes', 397, 'g', 'diced tomatoes'],
    ['1 (16 ounce) bag frozen peas, carrots and corn', 454, 'g', 'frozen peas carrots and corn'],
    ['2 carrots, cut into chunks and blanched', 2, 'each', 'carrots'],
  ]);
});
