// "Same kind, comparable size" (issue 13, 'Any brand'): decided from the catalogue's own data.
//  - kind: the same category (when both have one), the same way of selling (unit or weight), and
//    the same normalised name: lower case, accents and punctuation gone, the product's own brand
//    words, pack sizes and house-range words (Value, Select, ...) left out, simple plurals made
//    singular, a few spellings made one (lite = light), compared as a set of words, so
//    "Anchor Blue Top Milk" and "Milk Blue Top" match but "Trim Milk" and "Organic Trim Milk" do not;
//  - comparable size: the same measure (kg, L, each) within 10% ("any 2 L" takes 2 L, not 1 L),
//    the same count for packs; products sold by weight compare per kg; sizes no one can read
//    ("Jumbo") only as written.
// Strict on purpose: a wrong alternative costs a shopper the wrong milk; a missed one only a saving.

export interface KindProduct {
  id: number;
  name: string;
  brand: string | null;
  /** Pack size as shown: "2L", "500g", "12 pack", "per kg". */
  displayUnits: string | null;
  category: string | null;
  saleType: number;
}

export interface PackSize {
  amount: number;
  measure: 'kg' | 'L' | 'ea';
}

/** Sizes within this ratio of each other are comparable. */
export const SIZE_TOLERANCE = 0.1;

const sizeUnits: Record<string, { measure: PackSize['measure']; factor: number }> = {
  g: { measure: 'kg', factor: 0.001 },
  gm: { measure: 'kg', factor: 0.001 },
  kg: { measure: 'kg', factor: 1 },
  ml: { measure: 'L', factor: 0.001 },
  l: { measure: 'L', factor: 1 },
  lt: { measure: 'L', factor: 1 },
  ltr: { measure: 'L', factor: 1 },
  litre: { measure: 'L', factor: 1 },
  pk: { measure: 'ea', factor: 1 },
  pack: { measure: 'ea', factor: 1 },
  ea: { measure: 'ea', factor: 1 },
  each: { measure: 'ea', factor: 1 },
  s: { measure: 'ea', factor: 1 },
};

// "2L", "1.5 kg", "12 pack", "6pk", "4 x 250ml" (4 packs of 250 mL is 1 L), "ea".
const SIZE =
  /(?:^|[^a-z.\d])(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)?\s*(g|gm|kg|ml|l|lt|ltr|litre|pk|pack|ea|each|s)\b/;

/** The pack size: from displayUnits, else from the end of the name; null when neither says. */
export function parsePackSize(displayUnits: string | null, saleType = 0): PackSize | null {
  if (saleType === 1) return { amount: 1, measure: 'kg' };
  if (!displayUnits) return null;
  const text = displayUnits.trim().toLowerCase();
  if (/^per\s*kg$/.test(text)) return { amount: 1, measure: 'kg' };
  const match = SIZE.exec(` ${text}`);
  if (!match) return null;
  const unit = sizeUnits[match[3] as string];
  if (!unit) return null;
  const count = match[1] === undefined ? 1 : Number(match[1]);
  const amount = match[2] === undefined ? 1 : Number(match[2]);
  if (!(amount > 0) || (unit.measure === 'ea' && match[2] === undefined && match[3] === 's')) return null;
  return { amount: count * amount * unit.factor, measure: unit.measure };
}

export function comparableSize(a: PackSize | null, b: PackSize | null): boolean {
  if (!a || !b) return a === b;
  if (a.measure !== b.measure) return false;
  if (a.measure === 'ea') return a.amount === b.amount;
  const ratio = a.amount / b.amount;
  return ratio >= 1 - SIZE_TOLERANCE && ratio <= 1 / (1 - SIZE_TOLERANCE);
}

/** Words naming a chain's house range or a marketing line, not what the product is. */
const rangeWords = new Set([
  'value',
  'select',
  'classic',
  'signature',
  'essentials',
  'smart',
  'buy',
  'homebrand',
]);
const spellings: Record<string, string> = { lite: 'light', yogurt: 'yoghurt', colour: 'color' };
const sizeWord = /^(\d+(\.\d+)?(g|gm|kg|ml|l|lt|ltr|pk|pack|ea)|x|per|pack|pk|ea|each)$/;

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/(\d)\s+(g|gm|kg|ml|l|pk|pack)\b/g, '$1$2')
    .split(/[^a-z0-9.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);

const singular = (word: string) =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

/** The normalised name: the words that say what the product is, sorted, as one string. */
export function kindKey(product: Pick<KindProduct, 'name' | 'brand'>): string {
  const brandWords = new Set(product.brand ? words(product.brand) : []);
  const kept = new Set<string>();
  for (const word of words(product.name)) {
    if (brandWords.has(word) || rangeWords.has(word) || sizeWord.test(word) || word === 'and') continue;
    kept.add(singular(spellings[word] ?? word));
  }
  return [...kept].sort().join(' ');
}

/** Is `candidate` an alternative to `product`: the same kind at a comparable size, not itself? */
export function isAlternative(product: KindProduct, candidate: KindProduct): boolean {
  if (candidate.id === product.id || candidate.saleType !== product.saleType) return false;
  if (product.category && candidate.category && product.category !== candidate.category) return false;
  const key = kindKey(product);
  if (key === '' || kindKey(candidate) !== key) return false;
  const a = parsePackSize(product.displayUnits, product.saleType);
  const b = parsePackSize(candidate.displayUnits, candidate.saleType);
  // Sizes no one can read ("Jumbo", "Bulk", none) compare as written.
  if (!a && !b) return sizeText(product.displayUnits) === sizeText(candidate.displayUnits);
  return comparableSize(a, b);
}

const sizeText = (displayUnits: string | null) => (displayUnits ?? '').toLowerCase().replace(/\s+/g, '');
