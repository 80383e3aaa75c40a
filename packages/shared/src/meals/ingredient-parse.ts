// One recipe ingredient line into {quantity, unit, name, note}. parse-ingredient (npm) reads the
// numbers (mixed numbers, unicode fractions, ranges) and the unit words; this normaliser adds
// what New Zealand recipes write that it does not know ('2 x 400 g', '1 (400g) can', litres, tins,
// punnets), maps its units to ours (NZ metric: tsp 5 ml, tbsp 15 ml, cup 250 ml) and splits the
// description into the name to match a product by and a note (preparation, alternatives).
import { parseIngredient, type UnitOfMeasureDefinitions } from 'parse-ingredient';
import { americanForms, COUNT_WORDS, numberOf } from './ingredient-line-forms.js';
import { splitName } from './ingredient-name-split.js';
import { type Amount, amountOf, type RecipeUnit } from './units.js';

export interface ParsedIngredient {
  /** The line as written (trimmed). */
  line: string;
  /** The amount in `unit`; the upper end of a range ('1-2 tbsp' is 2: buy enough). Null: none given. */
  quantity: number | null;
  unit: RecipeUnit | null;
  /** What to look for in the shop, lower case: 'chopped tomatoes', 'beef mince'. */
  name: string;
  /** Preparation and asides: 'peeled and diced', 'or to taste'. */
  note: string | null;
  /** 'Salt to taste', 'oil for frying', a pinch: unpriced without a warning. */
  toTaste: boolean;
  /** A heading such as 'For the sauce:', not an ingredient. */
  heading: boolean;
  /**
   * A count of parts of something sold whole ('4 cloves garlic' is 4 each): about how many parts
   * make one whole as sold (10 cloves a bulb), so the amount to buy is 0.4 of a bulb. Absent: 1.
   */
  perWhole?: number;
}

/** Units the library does not know, or knows under other spellings. */
const extraUnits: UnitOfMeasureDefinitions = {
  liter: { short: 'l', plural: 'liters', alternates: ['litre', 'litres', 'ltr', 'L'] },
  tablespoon: {
    short: 'tbsp',
    plural: 'tablespoons',
    alternates: ['Tbs', 'tbs', 'Tbsp', 'T', 'tblsp', 'Tb', 'Tbl', 'tbsps', 'Tbsps'],
  },
  teaspoon: { short: 'tsp', plural: 'teaspoons', alternates: ['tsps', 'tspn', 'tspns'] },
  gram: { short: 'g', plural: 'grams', alternates: ['gm', 'gms', 'gr', 'grm'] },
  tin: { short: 'tin', plural: 'tins', alternates: [] },
  punnet: { short: 'punnet', plural: 'punnets', alternates: [] },
  packet: { short: 'pkt', plural: 'packets', alternates: ['pkts', 'packs'] },
  sachet: { short: 'sachet', plural: 'sachets', alternates: [] },
  slice: { short: 'slice', plural: 'slices', alternates: [] },
  rasher: { short: 'rasher', plural: 'rashers', alternates: [] },
  fillet: { short: 'fillet', plural: 'fillets', alternates: [] },
  handful: { short: 'handful', plural: 'handfuls', alternates: [] },
  jar: { short: 'jar', plural: 'jars', alternates: [] },
  bottle: { short: 'bottle', plural: 'bottles', alternates: [] },
  loaf: { short: 'loaf', plural: 'loaves', alternates: [] },
};

/** The library's unit ids as our units; null: no measure we can buy by (the line stays unpriced). */
const unitMap: Record<string, RecipeUnit | 'toTaste' | null> = {
  gram: 'g',
  kilogram: 'kg',
  milligram: null,
  milliliter: 'ml',
  liter: 'l',
  deciliter: null,
  teaspoon: 'tsp',
  tablespoon: 'tbsp',
  cup: 'cup',
  pinch: 'toTaste',
  dash: 'toTaste',
  drop: 'toTaste',
  // Counted things: one of them is one on the shelf (a can, a bunch, a head of broccoli).
  can: 'each',
  tin: 'each',
  bunch: 'each',
  head: 'each',
  piece: 'each',
  large: 'each',
  medium: 'each',
  small: 'each',
  punnet: 'each',
  packet: 'each',
  pack: 'each',
  package: 'each',
  sachet: 'each',
  jar: 'each',
  bottle: 'each',
  carton: 'each',
  container: 'each',
  bag: 'each',
  box: 'each',
  loaf: 'each',
  fillet: 'each',
  ear: 'each',
  dozen: 'each',
  // Parts of something sold whole, counted as the recipe counts them ('4 cloves garlic' is 4, as
  // a reader of the recipe says; what that costs is the pricing's question). The word is a note.
  clove: 'each',
  slice: 'each',
  rasher: 'each',
  sprig: 'each',
  stick: 'each',
  handful: 'each',
  stalk: 'each',
};

/** Containers whose contents are sold by the name the recipe gives ('can diced tomatoes'). */
const SEALED_CONTAINERS = new Set(['can', 'tin', 'jar']);
/**
 * Counted parts, the measure word kept in the note, and roughly how many make one whole as sold:
 * a bulb of garlic has about 10 cloves, a pack of ham or bacon about 10 slices, a bunch of herbs
 * 10 sprigs and of celery 8 stalks, a 500 g block of butter 4 American sticks.
 */
const PARTS_PER_WHOLE: Record<string, number> = {
  clove: 10,
  slice: 10,
  rasher: 10,
  sprig: 10,
  stalk: 8,
  stick: 4,
  handful: 4,
};

/**
 * Imperial measures, converted to the metric ones shops sell by (issue 43): an ounce is 28.35 g,
 * a pound 453.6 g, a fluid ounce 29.57 ml; a pint is the imperial 568 ml British and New Zealand
 * recipes mean; a quart and a gallon are only American (946 ml, 3.785 l).
 */
const IMPERIAL: Record<string, { unit: RecipeUnit; factor: number }> = {
  ounce: { unit: 'g', factor: 28.35 },
  pound: { unit: 'g', factor: 453.6 },
  'fluid ounce': { unit: 'ml', factor: 29.57 },
  pint: { unit: 'ml', factor: 568 },
  quart: { unit: 'ml', factor: 946 },
  gallon: { unit: 'ml', factor: 3785 },
};
const metricOf = (quantity: number, factor: number) => Math.round(quantity * factor * 10) / 10;

/** Sizes that describe the thing, kept in the note. */
const SIZE_UNITS = new Set(['large', 'medium', 'small']);

const METRIC = '(g|gm|grams?|kg|kilograms?|ml|mls|millilitres?|l|litres?|liters?)';
// '2 x 400 g cans chopped tomatoes', '2 × 400g tins', '1 x 2 kg bag flour'
const TIMES = new RegExp(
  `^(\\d+(?:\\.\\d+)?)\\s*[x×]\\s*(?:\\d+(?:\\.\\d+)?\\s*[-–]\\s*)?(\\d+(?:\\.\\d+)?)\\s*${METRIC}\\b\\.?\\s*(.*)$`,
  'i',
);
// '1 (400g) can coconut cream', '2 (425 g) tins', '400g can chickpeas' is read by the library
// '½ (16 ounce) package bacon', '1 1/2 (.25 ounce) packages': part of a pack, or packs and a half.
const PACKED = new RegExp(
  `^(\\d+(?:\\.\\d+)?(?:\\s+\\d+\\/\\d+)?|\\d+\\/\\d+|[½¼¾⅓⅔])\\s*\\(\\s*(\\d+(?:\\.\\d+)?)\\s*${METRIC}\\s*\\)\\s*(.*)$`,
  'i',
);

const TO_TASTE =
  /\b(to taste|to serve|for (frying|serving|greasing|garnish|dusting|drizzling)|as needed|optional|pinch|dash|splash|drizzle|sprinkle|handful)\b/i;
const ALWAYS_UNPRICED =
  /^(salt|pepper|salt and pepper|salt & pepper|black pepper|water|boiling water|cold water|warm water|ice|cooking spray|oil spray)$/;

/** '1 1/2', '1/2', '½', '2.5' as a number. */
function countOf(text: string): number {
  const unicode = UNICODE_FRACTIONS[text];
  if (unicode) return Number(unicode);
  return text
    .split(/\s+/)
    .map((part) => {
      const [top, bottom] = part.split('/');
      return bottom ? Number(top) / Number(bottom) : Number(top);
    })
    .reduce((sum, part) => sum + part, 0);
}

function metricUnit(word: string): RecipeUnit {
  const w = word.toLowerCase();
  if (w.startsWith('k')) return 'kg';
  if (w === 'l' || w.startsWith('lit')) return 'l';
  if (w.startsWith('m')) return 'ml';
  return 'g';
}

function result(
  line: string,
  quantity: number | null,
  unit: RecipeUnit | null,
  description: string,
  extra: { toTaste?: boolean; note?: string; inContainer?: boolean } = {},
): ParsedIngredient {
  const { name, note } = splitName(description, extra.inContainer);
  const notes = [extra.note, note].filter(Boolean).join('; ');
  const toTaste =
    extra.toTaste === true ||
    TO_TASTE.test(line) ||
    ALWAYS_UNPRICED.test(name) ||
    (quantity === null && unit === null);
  return {
    line,
    quantity: toTaste && quantity === null ? null : quantity,
    unit: quantity === null ? null : unit,
    name,
    note: notes || null,
    toTaste: toTaste && (quantity === null || ALWAYS_UNPRICED.test(name) || extra.toTaste === true),
    heading: false,
  };
}

// 'Juice of 1 lemon', 'Zest and juice of 2 limes', 'Rind from ½ pound salt pork': the whole is
// what to buy. British sites leave out the 'of': 'zest and juice 1 lemon', 'juice ½ lime'.
const PART_OF =
  /^(?:the\s+)?((?:(?:finely |freshly )?grated )?(?:juice|zest|rind|peel)(?: and (?:juice|zest|rind|peel))?)(?: of | from | (?=[\d½¼¾⅓⅔]))(.+)$/i;
/** '2 heaped tbsp', '1 level tsp', '1 scant cup': the spoon's fill, not a unit of its own. */
const SPOON_FILL =
  /^([\d½¼¾⅓⅔./\s-]+?)\s*(?:heaped|heaping|level|rounded|scant|generous|good)\s+(?=(?:tsp|tbsp|teaspoons?|tablespoons?|cups?|dessertspoons?)\b)/i;
const UNICODE_FRACTIONS: Record<string, string> = {
  '½': '0.5',
  '¼': '0.25',
  '¾': '0.75',
  '⅓': '0.333',
  '⅔': '0.667',
};
/** 'About 1 cup flour', 'Scant ½ cup sugar': an amount given roughly is still the amount. */
const ROUGHLY =
  /^(?:about|approx\.?|approximately|roughly|around|scant|generous|heaped|heaping|a good|good)\s+(?=[\d½¼¾⅓⅔])/i;
/** '½ x 20g pack parsley': half of a pack, as '0.5 x 20g'. */
const FRACTION_TIMES = /^([½¼¾⅓⅔])\s*(?=[x×]\s*\d)/;

/** Longest line read: longer ones are cut here, as saved recipes are limited to this. */
export const PARSED_LINE_MAX_LENGTH = 300;
/**
 * parse-ingredient finds a quantity by trying every prefix (or suffix) of a run of number-like
 * characters, which is quadratic in the run's length: 4,500 characters of '½⅓¼' held the server
 * for seconds. No real amount ('1 1/2 - 2 3/4') is near this long, so longer runs are cut to it.
 */
const NUMBER_RUN_MAX = 16;
const NUMBER_RUN = new RegExp(
  `[\\p{Nd}\\s.,_/+\u2044\u00B2\u00B3\u00B9\u00BC-\u00BE\u2070-\u209F\u2150-\u215E\u2189eE-]{${NUMBER_RUN_MAX + 1},}`,
  'gu',
);
const shortenNumberRuns = (text: string) => text.replace(NUMBER_RUN, (run) => run.slice(0, NUMBER_RUN_MAX));

/**
 * '55g/2oz', '300g/10½oz', '1kg/2lb 4oz', '150ml/¼ pint', '2 litres/3 pints 10fl oz', '128 g/4 ½
 * oz/½ cup': British
 * sites write the metric amount and then the imperial one after a slash. The metric one is kept.
 */
const IMPERIAL_AFTER_SLASH =
  /(\d\s*(?:g|kg|ml|l|grams?|millilitres?|milliliters?|litres?|liters?|cm|mm))\s*\/\s*(?:\/?\s*[-–]?\s*[\d½¼¾⅓⅔⅛⅜⅝⅞.]+(?:\s+[½¼¾⅓⅔⅛⅜⅝⅞])?(?:\s*[-–]\s*[\d½¼¾⅓⅔⅛⅜⅝⅞.]+)?\s*(?:fl\.?\s*oz|oz|ounces?|lbs?|pounds?|pints?|pt|in|inch(?:es)?|cups?|tbsp|tsp|tablespoons?|teaspoons?|qt)\b\.?\s*)+/gi;
/**
 * '2 cups/480 milliliters milk', '1 pound/450 grams spaghetti': American magazines write their
 * measure and then the metric one after a slash; the first is kept, as a reader reads it.
 */
const METRIC_AFTER_SLASH =
  /\b(cups?|tablespoons?|teaspoons?|tbsps?|tsps?|pounds?|lbs?|ounces?|oz|pints?|quarts?|sticks?)\s*\/\s*[\d.,½¼¾⅓⅔]+\s*(?:grams?|g|kilograms?|kg|millilitres?|milliliters?|ml|litres?|liters?|l)\b\.?/gi;
/** '200g (7oz) flour': the imperial amount in brackets after a metric one. */
const IMPERIAL_IN_BRACKETS =
  /(\d\s*(?:g|kg|ml|l|litres?|liters?))\s*\(\s*[\d½¼¾⅓⅔⅛⅜⅝⅞.\s]+(?:fl\.?\s*oz|oz|lbs?|pints?|pt|cups?)\.?\s*\)/gi;
/** '1 (9-ounce/255g) package': the metric amount after the imperial one in brackets. */
const IMPERIAL_THEN_METRIC =
  /\(\s*[\d½¼¾⅓⅔.]+[\s-]*(?:ounces?|oz|lbs?|pounds?)\.?\s*\/\s*(\d+(?:\.\d+)?\s*(?:g|kg|ml|l))\s*\)/gi;
/** 'One 2 oz (115g) tin', '4 oz (115g) butter': the metric amount in brackets after the imperial one, dropped. */
const METRIC_AFTER_IMPERIAL =
  /(^|\d\s+)[\d½¼¾⅓⅔.]+\s*(?:ounces?|oz|lbs?|pounds?)\.?\s*\(\s*(\d+(?:\.\d+)?\s*(?:g|kg|ml|l))\s*\)/gi;
/** '1 14-fl oz can coconut milk', '1 (13.5 fl oz) can': a can's size in fluid ounces, as ml. */
const FLUID_OUNCE_PACK =
  /(^|\(\s*|\d\s+)(\d+(?:\.\d+)?|\.\d+)[\s-]*(?:fl\.?\s*oz|fluid\s+ounces?)\.?(?=\s*\)|\s+(?:cans?|tins?|cartons?|bottles?|jars?)\b)/gi;
/** '4-pound brisket', '2-ounce piece': an imperial amount joined to its number. */
const HYPHENED_IMPERIAL = /^([\d½¼¾⅓⅔.\s]+)-(pound|ounce|lb|oz)s?\b/i;
/** 'One 28-ounce can', 'Two cans', 'two lemons': American books write small counts as words. */
const NUMBER_WORD = /^(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?=[\d½¼¾\p{L}])/iu;
/** '1 (15-ounce) can', '2 15-oz cans': a can's size in ounces, as grams ('1 (425g) can'). */
const OUNCE_PACK =
  /(^|\(\s*|\d\s+)(\d+(?:\.\d+)?[½¼¾]?|\.\d+|[½¼¾⅓⅔⅛])[\s-]*(?:ounces?|oz)\.?(?=\s*\)|\s+(?:cans?|tins?|packages?|packets?|jars?|boxes|box|bags?|bottles?|cartons?|containers?|blocks?|tubs?|logs?|pieces?|squares?)\b)/gi;
const ouncesAsGrams = (line: string) =>
  line.replace(OUNCE_PACK, (_, before: string, ounces: string) =>
    /^\d/.test(before)
      ? `${before.trim()} x ${Math.round(numberOf(ounces) * 28.35)}g`
      : `${before}${Math.round(numberOf(ounces) * 28.35)}g`,
  );
const fluidOuncesAsMl = (line: string) =>
  line.replace(FLUID_OUNCE_PACK, (_, before: string, ounces: string) =>
    /^\d/.test(before)
      ? `${before.trim()} x ${Math.round(Number(ounces) * 29.57)}ml`
      : `${before}${Math.round(Number(ounces) * 29.57)}ml`,
  );
const metricFirst = (line: string) =>
  ouncesAsGrams(
    fluidOuncesAsMl(
      americanForms(line)
        .replace(IMPERIAL_THEN_METRIC, '($1)')
        // '1 lb (500 g) sole': the amount written first is the recipe's; the other is rounded.
        .replace(METRIC_AFTER_IMPERIAL, (whole: string) => whole.replace(/\s*\([^)]*\)$/, '')),
    ),
  )
    .replace(NUMBER_WORD, (word) => `${COUNT_WORDS[word.trim().toLowerCase()]} `)
    .replace(METRIC_AFTER_SLASH, '$1')
    .replace(SPOON_FILL, '$1 ')
    .replace(ROUGHLY, '')
    .replace(FRACTION_TIMES, (fraction) => `${UNICODE_FRACTIONS[fraction.trim()]} `)
    .replace(HYPHENED_IMPERIAL, '$1 $2')
    .replace(IMPERIAL_AFTER_SLASH, '$1 ')
    .replace(IMPERIAL_IN_BRACKETS, '$1 ');

export function parseIngredientLine(raw: string): ParsedIngredient {
  const line = shortenNumberRuns(raw.slice(0, PARSED_LINE_MAX_LENGTH))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-•*▢☐]\s*/, '');
  // 'For the pans: a lump of butter': what it is for, then the ingredient; not a heading.
  const purpose = /^(for [^:]{1,40}):\s*(\S.*)$/i.exec(line);
  if (purpose) {
    const rest = parseIngredientLine(purpose[2] as string);
    const note = [rest.note, purpose[1]?.toLocaleLowerCase('en-NZ')].filter(Boolean).join('; ');
    return { ...rest, line, note };
  }
  const part = PART_OF.exec(line);
  const metric = metricFirst(line);
  if (metric !== line) return { ...parseIngredientLine(metric), line };
  if (part) {
    const whole = parseIngredientLine(part[2] as string);
    const note = [part[1]?.toLocaleLowerCase('en-NZ'), whole.note].filter(Boolean).join('; ');
    return { ...whole, line, note: note || null };
  }
  const times = TIMES.exec(line);
  if (times) {
    const unit = metricUnit(times[3] as string);
    return result(line, Number(times[1]) * Number(times[2]), unit, times[4] ?? '');
  }
  const packed = PACKED.exec(line);
  if (packed) {
    const unit = metricUnit(packed[3] as string);
    return result(line, countOf(packed[1] as string) * Number(packed[2]), unit, packed[4] ?? '');
  }
  // '500ml/2 cups stock': the metric measure first, the other one is a note.
  const slashed = line.replace(/^(\d+(?:\.\d+)?)\s*(g|kg|ml|l)\s*\/\s*[^\s]+\s+[a-z]+\.?\s+/i, '$1$2 ');
  const [parsed] = parseIngredient(slashed, { normalizeUOM: true, additionalUOMs: extraUnits });
  if (!parsed)
    return { line, quantity: null, unit: null, name: '', note: null, toTaste: true, heading: false };
  if (parsed.isGroupHeader || (/:$/.test(line) && parsed.quantity === null)) {
    return { line, quantity: null, unit: null, name: '', note: null, toTaste: false, heading: true };
  }
  // A range is bought at its top: '1-2 tbsp' needs up to 2.
  const quantity = parsed.quantity2 ?? parsed.quantity;
  const id = parsed.unitOfMeasureID;
  if (id === null) return result(line, quantity, quantity === null ? null : 'each', parsed.description);
  const imperial = IMPERIAL[id];
  if (imperial && quantity !== null)
    return result(line, metricOf(quantity, imperial.factor), imperial.unit, parsed.description);
  const mapped = unitMap[id];
  // '3 large pinches of paprika': a size, then a measure too small to buy by.
  const pinch = SIZE_UNITS.has(id) && /^(?:pinch|dash|splash|drizzle)(?:es)?\b/i.test(parsed.description);
  if (mapped === 'toTaste' || pinch) return result(line, null, null, parsed.description, { toTaste: true });
  if (mapped === undefined || mapped === null) {
    // A measure we cannot buy by (slices, sprigs, ounces): kept as a note, the line unpriced.
    return {
      ...result(line, null, null, parsed.description, {
        note: `${quantity ?? ''} ${parsed.unitOfMeasure ?? id}`.trim(),
      }),
      toTaste: false,
    };
  }
  const perWhole = PARTS_PER_WHOLE[id];
  const partNote = quantity === 1 || quantity === null ? id : `${id}s`;
  const sizeNote = SIZE_UNITS.has(id) ? id : perWhole ? partNote : undefined;
  const count = id === 'dozen' && quantity !== null ? quantity * 12 : quantity;
  // '1 can diced tomatoes': a can of 'diced tomatoes' is a product of that name.
  const inContainer = SEALED_CONTAINERS.has(id);
  const parsedLine = result(
    line,
    count,
    mapped,
    parsed.description,
    sizeNote ? { note: sizeNote } : { inContainer },
  );
  return perWhole && parsedLine.quantity !== null ? { ...parsedLine, perWhole } : parsedLine;
}

/** The amount a parsed line asks for, in base units; null when it has none we can buy by. */
export function ingredientAmount(
  ingredient: Pick<ParsedIngredient, 'quantity' | 'unit' | 'perWhole'>,
): Amount | null {
  if (ingredient.quantity === null || ingredient.unit === null || !(ingredient.quantity > 0)) return null;
  // '4 cloves garlic' buys 0.4 of a bulb: the pack's price is shared, not 4 bulbs bought.
  return amountOf(ingredient.quantity / (ingredient.perWhole ?? 1), ingredient.unit);
}

/** The lines of a recipe, without blank lines and headings. */
export const parseIngredientLines = (lines: string[]): ParsedIngredient[] =>
  lines.map(parseIngredientLine).filter((ingredient) => !ingredient.heading && ingredient.line !== '');
