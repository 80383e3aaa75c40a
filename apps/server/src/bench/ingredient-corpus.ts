// The public labelled corpus (apps/server/bench-data/ingredient-lines, issue 43 item 7): ingredient
// lines from recipe sites nobody here wrote, with their labels mapped to what Kete answers, scored
// the way a reader of the recipe would: quantity, unit, name (token F1) and all three right.
// The mapping of labels is in bench-data/ingredient-lines/README.md.
import { existsSync, readFileSync } from 'node:fs';
import { amountOf, type ParsedIngredient, type RecipeUnit } from '@kete/shared';

export interface CorpusLine {
  source: string;
  split: 'tuning' | 'heldout';
  line: string;
  name: string;
  quantity: string;
  unit: string;
}

/** The corpus's files: the public sources', and the Australian and New Zealand lines when present. */
const CORPUS_FILES = ['lines.jsonl', 'anz/lines.jsonl'].map(
  (name) => new URL(`../../bench-data/ingredient-lines/${name}`, import.meta.url),
);

export function readCorpus(): CorpusLine[] {
  return CORPUS_FILES.filter((file) => existsSync(file)).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as CorpusLine),
  );
}

/** '1#1$4' is 1¼, '#1$2' is ½, '3-4' is 4 (Kete buys a range's top), '0.25' is ¼. */
/**
 * 'One 28-ounce can': American books write small counts as words, and labels keep them. The
 * scorer reads labels on its own, not with the parser's tables, so it cannot share their mistakes.
 */
const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  half: 0.5,
};

export function labelNumber(text: string): number | null {
  const word = WORD_NUMBERS[text.toLowerCase()];
  if (word !== undefined) return word;
  // '2x' (BBC's '2 x 150g'): the count of the packs.
  const top = text.replace(/[x×]$/i, '').split('-').at(-1) ?? '';
  const match = /^(\d+(?:\.\d+)?)?(?:#(\d+)\$(\d+))?$/.exec(top);
  if (!match || (!match[1] && !match[2])) return null;
  return Number(match[1] ?? 0) + (match[2] ? Number(match[2]) / Number(match[3]) : 0);
}

/** A label's unit as Kete's unit and the factor to it (ounces are grams in Kete). */
const labelUnits: Record<string, { unit: RecipeUnit | 'toTaste' | 'size'; factor: number }> = {
  g: { unit: 'g', factor: 1 },
  gram: { unit: 'g', factor: 1 },
  gm: { unit: 'g', factor: 1 },
  kg: { unit: 'kg', factor: 1 },
  kilogram: { unit: 'kg', factor: 1 },
  ml: { unit: 'ml', factor: 1 },
  millilitre: { unit: 'ml', factor: 1 },
  l: { unit: 'l', factor: 1 },
  litre: { unit: 'l', factor: 1 },
  liter: { unit: 'l', factor: 1 },
  tsp: { unit: 'tsp', factor: 1 },
  teaspoon: { unit: 'tsp', factor: 1 },
  tbsp: { unit: 'tbsp', factor: 1 },
  tb: { unit: 'tbsp', factor: 1 },
  tablespoon: { unit: 'tbsp', factor: 1 },
  cup: { unit: 'cup', factor: 1 },
  c: { unit: 'cup', factor: 1 },
  oz: { unit: 'g', factor: 28.35 },
  ounce: { unit: 'g', factor: 28.35 },
  lb: { unit: 'g', factor: 453.6 },
  pound: { unit: 'g', factor: 453.6 },
  'fl oz': { unit: 'ml', factor: 29.57 },
  'fluid ounce': { unit: 'ml', factor: 29.57 },
  pint: { unit: 'ml', factor: 568 },
  quart: { unit: 'ml', factor: 946 },
  qt: { unit: 'ml', factor: 946 },
  pinch: { unit: 'toTaste', factor: 1 },
  dash: { unit: 'toTaste', factor: 1 },
  splash: { unit: 'toTaste', factor: 1 },
  drizzle: { unit: 'toTaste', factor: 1 },
  sprinkle: { unit: 'toTaste', factor: 1 },
  drop: { unit: 'toTaste', factor: 1 },
  // A length is a size, not an amount to buy: '2cm/¾in piece of ginger'.
  cm: { unit: 'size', factor: 1 },
  mm: { unit: 'size', factor: 1 },
  in: { unit: 'size', factor: 1 },
  inch: { unit: 'size', factor: 1 },
};
/** Words before a unit that only say its size ('large clove', 'heaped tbsp'). */
const SIZE_WORDS = new Set([
  'large',
  'small',
  'medium',
  'big',
  'heaped',
  'heaping',
  'level',
  'generous',
  'good',
  'rounded',
  'scant',
  'thin',
  'thick',
]);

const CONTAINERS =
  /^(cans?|tins?|packages?|packets?|jars?|boxe?s?|bags?|cartons?|bottles?|containers?|sachets?|blocks?|tubs?|logs?)$/;

export interface Expected {
  quantity: number | null;
  unit: RecipeUnit | null;
  toTaste: boolean;
}

/**
 * Which amount the label's first unit belongs to. Labels list a line's amounts and units apart
 * ('2 ducks, about 4½ pounds each' is quantity '2 4#1$2', unit 'pound'), so the first unit is the
 * first amount's only when the line writes it right after that amount; a number there instead
 * ('2 28-ounce cans', '4 (6 ounce) fillets') makes the two amounts one measure; a word that is
 * not the unit ('ducks', 'medium onion') means the first amount counts things.
 */
const FRACTION = '[\u00BC-\u00BE\u2150-\u215E]';
const NUMBER = String.raw`(?:\d+(?:[.,]\d+)?(?:\s*${FRACTION}|\s+\d+\/\d+|\/\d+)?|${FRACTION})`;
const WORD = String.raw`\b(?:one|two|three|four|five|six|half)\b`;
const FIRST_AMOUNT = new RegExp(
  String.raw`^\D*?(?:${NUMBER}|${WORD})(?:\s*(?:-|–|to|or)\s*(?:${NUMBER}|${WORD}))?`,
  'i',
);
const unitWord = (word: string) =>
  word
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/(?<=..)e?s$/, '');
type Place = 'own' | 'composite' | 'counted' | 'unknown';
function unitPlace(line: string, unitWords: string[]): Place {
  const amount = FIRST_AMOUNT.exec(line);
  if (!amount) return 'unknown';
  const after = line.slice(amount[0].length).replace(/^[\s(x×-]+/, '');
  if (new RegExp(`^${NUMBER}`).test(after)) return 'composite';
  const word = unitWord(/^[\p{L}.]+/u.exec(after)?.[0] ?? '');
  // 'Scant ½ cup' is labelled 'Scant cup': the unit's first word, or its first after a size word.
  const same = [unitWords[0], unitWords.find((w) => !SIZE_WORDS.has(w))].some((candidate) => {
    const unit = unitWord(candidate ?? '');
    return (
      word === unit ||
      (Math.min(word.length, unit.length) >= 2 && (word.startsWith(unit) || unit.startsWith(word)))
    );
  });
  return same ? 'own' : 'counted';
}

/** What Kete should answer for a labelled line: its first amount, in Kete's units. */
export function expectedOf(label: CorpusLine): Expected {
  const amounts = label.quantity.split(' ');
  let quantity = labelNumber(amounts[0] ?? '');
  // '2 to 3 dozen scallops': the dozen is in the label's amount.
  if (quantity !== null && amounts[1]?.toLowerCase() === 'dozen') quantity *= 12;
  const words = label.unit.toLowerCase().split(/\s+/).filter(Boolean);
  const place = words.length && quantity !== null ? unitPlace(label.line, words) : 'unknown';
  while (words.length && SIZE_WORDS.has(words[0] as string)) words.shift();
  const two = words.slice(0, 2).join(' ');
  const one = (words[0] ?? '').replace(/s$/, '').replace(/^(tbsps?|tsps?)$/, (w) => w.replace(/s$/, ''));
  const known =
    labelUnits[two] ?? labelUnits[two.replace(/s$/, '')] ?? labelUnits[one] ?? labelUnits[words[0] ?? ''];
  if (known?.unit === 'toTaste') return { quantity: null, unit: null, toTaste: true };

  if (quantity === null) return { quantity: null, unit: null, toTaste: words.length === 0 };
  // 'One 3 in (7.5cm) piece of celery' is one piece; '2cm/¾in piece of ginger' has no amount.
  if (place === 'counted' || (known?.unit === 'size' && place === 'composite'))
    return { quantity, unit: 'each', toTaste: false };
  if (known?.unit === 'size') return { quantity: null, unit: null, toTaste: false };
  // '2 15-ounce cans', '4 (6 ounce) fillets': two amounts, a count then a measure: the whole (as Kete reads '2 x 400g').
  const second = labelNumber(amounts[1] ?? '');
  const containerAfter = CONTAINERS.test(words.at(-1) ?? '') && words.length >= 2;
  if (known && second !== null && (place === 'composite' || (place === 'unknown' && containerAfter))) {
    return { quantity: quantity * second * known.factor, unit: known.unit, toTaste: false };
  }
  if (known) return { quantity: quantity * known.factor, unit: known.unit, toTaste: false };
  // No unit, or a counted one (clove, can, bunch, slice): so many of the thing.
  return { quantity, unit: 'each', toTaste: false };
}

const base = (quantity: number, unit: RecipeUnit) => amountOf(quantity, unit);

export function quantityRight(parsed: ParsedIngredient, expected: Expected): boolean {
  if (expected.quantity === null) return parsed.quantity === null;
  if (parsed.quantity === null || parsed.unit === null || expected.unit === null) return false;
  const a = base(parsed.quantity, parsed.unit);
  const b = base(expected.quantity, expected.unit);
  // Same kind only; within 3% (an ounce is 28 g or 28.35 g as a site rounds it).
  if (a.kind !== b.kind) return parsed.quantity === expected.quantity;
  return Math.abs(a.value - b.value) <= 0.03 * b.value + 1e-9;
}

export function unitRight(parsed: ParsedIngredient, expected: Expected): boolean {
  if (expected.unit === null) return parsed.unit === null;
  if (parsed.unit === null) return false;
  const same = (u: RecipeUnit) => (u === 'kg' ? 'g' : u === 'l' ? 'ml' : u);
  return same(parsed.unit) === same(expected.unit);
}

const tokens = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0 && word !== 'or' && word !== 'and' && word !== 'of')
    .map((word) =>
      word.length > 3
        ? word
            .replace(/(ies)$/, 'y')
            .replace(/(lea|hal|loa)ves$/, '$1f')
            // 'cloves' is 'clove', 'tomatoes' 'tomato', 'peaches' 'peach': only what the plural added.
            .replace(/(ch|sh|ss|x|o)es$/, '$1')
            .replace(/s$/, '')
        : word,
    );

/** Token F1 of the name Kete reads against the label's. */
export function nameF1(parsed: string, label: string): number {
  const got = tokens(parsed);
  const want = tokens(label);
  if (got.length === 0 && want.length === 0) return 1;
  if (got.length === 0 || want.length === 0) return 0;
  const left = [...want];
  let common = 0;
  for (const word of got) {
    const at = left.indexOf(word);
    if (at >= 0) {
      common++;
      left.splice(at, 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / got.length;
  const recall = common / want.length;
  return (2 * precision * recall) / (precision + recall);
}

/** The label name's last word: the thing itself ('unsalted butter' -> 'butter'). */
export const headNoun = (label: string) => tokens(label).at(-1) ?? '';
export const nameTokens = tokens;
