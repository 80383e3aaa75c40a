// In-store mode's walking order (issue 13): a shopping list grouped by the part of the shop an item
// sits in, in the order a shopper walks a New Zealand supermarket: fruit and veg by the door, the
// bakery, the dry aisles, then what must stay cold (meat, dairy) and the freezers last so nothing
// thaws in the trolley. The API's products carry no category, so the aisle is read from the
// product's own name (a category, when a caller has one, wins).
//
// Names are read by their head noun: English puts it last ("Milk Chocolate" is chocolate,
// "Chocolate Milk" is milk), so the keyword that ends latest decides; on a tie the longer phrase
// ("peanut butter" over "butter"). "Frozen", "ice cream", "crumbed" and "battered" send anything to the freezers.

export interface Aisle {
  key: AisleKey;
  title: string;
}

export type AisleKey =
  | 'produce'
  | 'bakery'
  | 'pantry'
  | 'drinks'
  | 'baby'
  | 'pet'
  | 'household'
  | 'other'
  | 'meat'
  | 'dairy'
  | 'frozen';

/** Walking order: the index is the rank. */
export const AISLES: readonly Aisle[] = [
  { key: 'produce', title: 'Fruit & vegetables' },
  { key: 'bakery', title: 'Bakery' },
  { key: 'pantry', title: 'Pantry' },
  { key: 'drinks', title: 'Drinks' },
  { key: 'baby', title: 'Baby' },
  { key: 'pet', title: 'Pets' },
  { key: 'household', title: 'Household' },
  { key: 'other', title: 'Everything else' },
  { key: 'meat', title: 'Meat & seafood' },
  { key: 'dairy', title: 'Chilled, dairy & eggs' },
  { key: 'frozen', title: 'Frozen' },
];

// A trailing '*' matches any word starting so ('dishwash*': dishwasher, dishwashing); otherwise a
// word or phrase with an optional plural 's'/'es'. Comma-separated to keep the table readable.
const KEYWORDS: Record<Exclude<AisleKey, 'other'>, string> = {
  produce:
    'apple, banana, kiwifruit, mandarin, orange, lemon, lime, pear, grape, berry, berries, ' +
    'strawberr*, blueberr*, potato, kumara, carrot, onion, tomato, courgette, capsicum, ' +
    'lettuce, broccoli, cauliflower, avocado, salad, cabbage, spinach, cucumber, mushroom, ' +
    'pumpkin, garlic, ginger, celery, kale, fruit, vegetable, veg, herb, feijoa, peach, plum, ' +
    'melon, watermelon, pineapple, mango, beans fresh',
  bakery:
    'bread, loaf, wrap, crumpet, bun, bagel, roll, muffin, croissant, pita, naan, tortilla, ' +
    'scone, sourdough, baguette',
  pantry:
    'cereal, oat, muesli, baked beans, spaghetti, pasta, noodle, rice, peanut butter, spread, ' +
    'sauce, tomato sauce, flour, sugar, tuna, tea, tea bag, coffee, instant coffee, chocolate, ' +
    'chip, crisp, biscuit, cracker, jam, honey, oil, vinegar, salt, pepper, spice, stock, ' +
    'soup, tin*, canned, can, lolly, lollies, snack, nut, raisin, baking, custard powder, ' +
    'gravy, mayonnaise, relish, pickle, cocoa, milo, marmite, vegemite, weet-bix, weetbix',
  drinks:
    'drink, soft drink, juice, water, sparkling water, energy drink, cola, lemonade, soda, ' +
    'cordial, coffee beans, kombucha, beer, wine, cider',
  baby: 'nappy, nappies, baby wipes, baby food, infant formula, formula, baby food pouch',
  pet:
    'dog food, cat food, dry dog food, wet cat food, dry cat food, cat litter, litter, ' +
    'dog treats, pet food, dog, cat',
  household:
    'toilet paper, toilet tissue, tissue, dishwash*, dishwashing liquid, dishwasher tablets, ' +
    'laundry, laundry powder, detergent, paper towel, rubbish bag, bin liner, cleaner, bleach, ' +
    'sponge, foil, cling wrap, soap, shampoo, toothpaste, deodorant, battery, batteries',
  meat:
    'mince, beef, beef mince, beef steak, steak, chicken, lamb, pork, sausage, bacon, ham, ' +
    'salmon, fish, fish fillets, prawn, mussel, meat, schnitzel, chop, roast, salami, mutton',
  dairy:
    'milk, butter, cheese, yoghurt, yogurt, egg, cream, sour cream, dip, hummus, margarine, ' +
    'custard, tofu',
  frozen: 'frozen, ice cream, ice block, pizza, frozen chips, frozen vegetables, frozen berries',
};

// Category names as the chains and the demo catalogue write them.
const CATEGORY: Record<string, AisleKey> = {
  'fruit-veg': 'produce',
  produce: 'produce',
  'fruit & veg': 'produce',
  'fruit & vegetables': 'produce',
  bakery: 'bakery',
  pantry: 'pantry',
  drinks: 'drinks',
  beverages: 'drinks',
  baby: 'baby',
  'baby & toddler': 'baby',
  pet: 'pet',
  pets: 'pet',
  household: 'household',
  'cleaning & household': 'household',
  meat: 'meat',
  'meat & seafood': 'meat',
  'meat, poultry & seafood': 'meat',
  dairy: 'dairy',
  chilled: 'dairy',
  'chilled, dairy & eggs': 'dairy',
  'fridge & deli': 'dairy',
  frozen: 'frozen',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const RULES = (Object.entries(KEYWORDS) as [AisleKey, string][]).flatMap(([key, words]) =>
  words.split(', ').map((word) => {
    const prefix = word.endsWith('*');
    const body = escapeRegExp(prefix ? word.slice(0, -1) : word).replace(/ /g, '\\s+');
    const pattern = prefix ? `\\b${body}[\\p{L}-]*` : `\\b${body}(?:e?s)?\\b`;
    return { key, length: word.length, pattern: new RegExp(pattern, 'giu') };
  }),
);

// Crumbed and battered fish and chicken are freezer lines in NZ supermarkets.
const FREEZER = /\bfrozen\b|\bice\s+creams?\b|\bice\s+blocks?\b|\b(?:crumbed|battered)\b/iu;

/** The aisle of a product, from its category when known, else from its name. */
export function aisleOf(product: { name: string; category?: string | null }): AisleKey {
  const category = product.category?.trim().toLowerCase();
  if (category && CATEGORY[category]) return CATEGORY[category];
  const name = product.name;
  if (FREEZER.test(name)) return 'frozen';
  let best: { key: AisleKey; end: number; length: number } | null = null;
  for (const rule of RULES) {
    for (const match of name.matchAll(rule.pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      if (!best || end > best.end || (end === best.end && rule.length > best.length)) {
        best = { key: rule.key, end, length: rule.length };
      }
    }
  }
  return best?.key ?? 'other';
}

export const aisleRank = (key: AisleKey) => AISLES.findIndex((aisle) => aisle.key === key);

/**
 * Items grouped by aisle in walking order (or `order`, a store's own: issue 35); within an aisle,
 * the list's own order is kept. Aisles `order` leaves out follow in the chain's order.
 */
export function groupByAisle<T>(
  items: readonly T[],
  productOf: (item: T) => { name: string; category?: string | null },
  order?: readonly AisleKey[],
): { aisle: Aisle; items: T[] }[] {
  const groups = new Map<AisleKey, T[]>();
  for (const item of items) {
    const key = aisleOf(productOf(item));
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const byKey = new Map(AISLES.map((aisle) => [aisle.key, aisle]));
  const walk = order ? [...order.flatMap((key) => byKey.get(key) ?? []), ...AISLES] : AISLES;
  return [...new Set(walk)]
    .filter((aisle) => groups.has(aisle.key))
    .map((aisle) => ({
      aisle,
      items: groups.get(aisle.key) ?? [],
    }));
}
