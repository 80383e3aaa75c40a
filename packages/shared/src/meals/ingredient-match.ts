// Which catalogue product an ingredient is: every telling word of the ingredient's name is in the
// product's name or brand, the product's name adds no word that makes it another food ('peanut'
// butter for butter), and its pack is a unit kind the ingredient's amount converts to. Among
// those: the most words in common, then the fewest other words, then the cheapest unit price.
import { ingredientAmount, type ParsedIngredient } from './ingredient-parse.js';
import { shelfName } from './ingredient-synonyms.js';
import { convertAmount, packAmount } from './units.js';

export interface MatchCandidate {
  id: number;
  name: string;
  brand: string | null;
  displayUnits: string | null;
  saleType: number;
  /** The cheapest price at the workspace's stores, cents; null when none of them sells it. */
  price: number | null;
}

/** Words that describe rather than name a food: missing from a product, they do not rule it out. */
const WEAK = new Set(
  `fresh freshly lean extra large small medium baby red yellow brown white black gold orange long short grain
  free range plain standard grade premium prime organic natural tasty mild vintage light lite trim full fat reduced
  salted unsalted raw whole dried ground boneless skinless skin on off nz new zealand good quality ripe firm frozen
  edmonds chelsea anchor mainland pams watties wattie's maggi kikkoman countdown woolworths simply essentials
  tegel inghams ingham's hellmann's hellmanns best foods meadow fresh value homebrand store bought cooked
  spray chunky fine coarse shredded grated block pack packet bag can tin jar`
    .split(/\s+/)
    .filter(Boolean)
    .map(singular),
);

/** Words that, in a product's name but not the ingredient's, make the product another food. */
const OTHER_FOOD = new Set(
  `peanut coconut almond soy oat rice ice sour cream cheese chocolate choc baby cat dog puppy kitten pet tomato
  sauce stock juice drink energy sparkling soft powder tablets liquid wipes nappies formula pouch treats litter
  chips pizza biscuits cereal spread paste dip dressing custard sweet instant bread wraps crumpets buns bagels
  noodles tea coffee tuna pepper`
    .split(/\s+/)
    .filter(Boolean)
    .map(singular),
);

/** Lower case, no punctuation, each word singular ('tomatoes' -> 'tomato', 'berries' -> 'berry'). */
export function nameWords(text: string): string[] {
  return text
    .toLocaleLowerCase('en-NZ')
    .replace(/[’']s\b/g, '')
    .split(/[^a-zāēīōū0-9]+/)
    .filter((word) => word.length > 1 || /\d/.test(word))
    .map(singular);
}

function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(oes|ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

export interface MatchScore {
  /** Ingredient words found in the product. */
  common: number;
  /** Product name words the ingredient does not have. */
  other: number;
}

/** How well a product's words fit the ingredient's name; null when it is not that food. */
export function matchScore(
  ingredientName: string,
  product: Pick<MatchCandidate, 'name' | 'brand'>,
): MatchScore | null {
  const wanted = nameWords(shelfName(ingredientName));
  if (wanted.length === 0) return null;
  const productName = new Set(nameWords(product.name));
  const productWords = new Set([...productName, ...nameWords(product.brand ?? '')]);
  let common = 0;
  for (const word of wanted) {
    if (productWords.has(word)) common++;
    else if (!WEAK.has(word)) return null;
  }
  if (common === 0) return null;
  const wantedSet = new Set(wanted);
  let other = 0;
  for (const word of productName) {
    if (wantedSet.has(word)) continue;
    if (OTHER_FOOD.has(word)) return null;
    other++;
  }
  return { common, other };
}

/** The product's price per base unit of its pack (cents per g, ml or each), for ties. */
export function costPerBaseUnit(product: MatchCandidate): number | null {
  const pack = packAmount(product);
  if (product.price === null || !pack || pack.amount.value <= 0) return null;
  return product.price / pack.amount.value;
}

/** Whether the ingredient's amount can be bought as this product (a line without one: any). */
export function unitKindFits(
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'name'>,
  product: MatchCandidate,
): boolean {
  const pack = packAmount(product);
  if (!pack) return false;
  const amount = ingredientAmount(ingredient);
  if (!amount) return true;
  return convertAmount(amount, pack.amount.kind, ingredient.name) !== null;
}

/** The best product for the ingredient among the candidates, or null; only priced ones count. */
export function chooseProduct<T extends MatchCandidate>(
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'name' | 'toTaste'>,
  candidates: T[],
): T | null {
  if (!ingredient.name) return null;
  // Amounts convert by the food's shelf name ('cornstarch' weighs as cornflour).
  const shelf = { ...ingredient, name: shelfName(ingredient.name) };
  let best: { product: T; score: MatchScore; cost: number } | null = null;
  for (const product of candidates) {
    if (product.price === null || !unitKindFits(shelf, product)) continue;
    const score = matchScore(ingredient.name, product);
    if (!score) continue;
    const cost = costPerBaseUnit(product) ?? Number.POSITIVE_INFINITY;
    if (
      !best ||
      score.common > best.score.common ||
      (score.common === best.score.common &&
        (score.other < best.score.other ||
          (score.other === best.score.other &&
            (cost < best.cost || (cost === best.cost && product.id < best.product.id)))))
    ) {
      best = { product, score, cost };
    }
  }
  return best?.product ?? null;
}

/** The key a household's own choice of product is remembered under: the name's words, sorted. */
export const ingredientKey = (name: string): string => [...new Set(nameWords(name))].sort().join(' ');
