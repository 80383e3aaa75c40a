// Ways American cookbooks and newspapers write an amount that the number reader would misread,
// rewritten into forms it reads (issue 43): a count of things of a stated weight ('Two 1¼-pound
// flank steaks', '1 (6-pound) ham'), the amount after the name ('Powdered sugar 1/4 cup'), 'Half
// a lemon', and a size in inches after the count ('One ½-inch-thick slice bread').

/** 'One 28-ounce can', 'Two cans': American books write small counts as words. */
export const COUNT_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const FRACTIONS: Record<string, number> = {
  '½': 0.5,
  '¼': 0.25,
  '¾': 0.75,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 0.125,
};
const FRACTION = '[½¼¾⅓⅔⅛]';
const COUNT = `(\\d+(?:\\.\\d+)?|${Object.keys(COUNT_WORDS).join('|')})`;
/** A weight's number: '8', '1.5', '3½', '½', '1 1/2' (a mixed number only after a count). */
const WEIGHT = `(\\d+(?:\\.\\d+)?(?:\\s*${FRACTION}|\\s+\\d+\\/\\d+)?|${FRACTION})`;
const WEIGHT_UNITS: Record<string, number> = { ounce: 28.35, oz: 28.35, pound: 453.6, lb: 453.6 };

/** A written number ('3½', '1 1/2', 'two') as a number. */
export function numberOf(text: string): number {
  const word = COUNT_WORDS[text.toLowerCase()];
  if (word !== undefined) return word;
  let total = 0;
  for (const part of text.trim().split(/\s+/)) {
    const fraction = /^(\d*(?:\.\d+)?)([½¼¾⅓⅔⅛])$/.exec(part);
    if (fraction) total += Number(fraction[1] || 0) + (FRACTIONS[fraction[2] as string] ?? 0);
    else if (part.includes('/')) {
      const [top, bottom] = part.split('/');
      total += Number(top) / Number(bottom);
    } else total += Number(part);
  }
  return total;
}

/**
 * 'Two 1¼-pound flank steaks', 'Six 8-ounce catfish fillets', '1 (6-pound) ham', 'One 4- to
 * 5-pound boneless ham', '2 (1¼ pound) lobsters': so many things of a stated weight are bought
 * by their whole weight, the top of a range. A lone fraction after a digit ('1 ½-pound') is a
 * mixed number, left to the number reader.
 */
const COUNT_OF_WEIGHT = new RegExp(
  `^${COUNT}\\s+(\\(\\s*)?${WEIGHT}(?:[\\s-]*(?:ounces?|oz|pounds?|lbs?)\\.?)?(?:\\s*-?\\s*(?:to|-|–)\\s*-?\\s*${WEIGHT})?[\\s-]*(ounces?|oz|pounds?|lbs?)\\.?(?:\\s*\\))?(?=[\\s-])-?`,
  'i',
);
function countOfWeight(line: string): string {
  const match = COUNT_OF_WEIGHT.exec(line);
  if (!match) return line;
  const [whole = '', count = '', bracket, low = '', high, unit = ''] = match;
  const bareFraction = new RegExp(`^${FRACTION}$`).test(low);
  if (!bracket && bareFraction && /^\d/.test(count)) return line;
  const factor = WEIGHT_UNITS[unit.toLowerCase().replace(/s$/, '')] ?? 1;
  const grams = Math.round(numberOf(high ?? low) * factor);
  return `${numberOf(count)} x ${grams}g ${line.slice(whole.length).trim()}`;
}

/**
 * 'Powdered sugar 1/4 cup (30 grams)', 'Unsalted butter (at room temperature), 1 pound (4
 * sticks)': baking books name the thing first; the amount is moved to the front.
 */
const AMOUNT_AFTER_NAME = new RegExp(
  `^([A-Za-z][^\\d(,]*?[^\\s,])(\\s*\\([^)]*\\))?,?\\s+((?:\\d+(?:\\.\\d+)?(?:\\s*${FRACTION}|\\s+\\d+\\/\\d+)?|\\d+\\/\\d+|${FRACTION})\\s*(?:cups?|tablespoons?|teaspoons?|ounces?|pounds?|grams?|g|ml|oz|lbs?|tbsp|tsp|sticks?)\\.?)(\\s*(?:\\(.*\\))?)$`,
  'i',
);
const amountAfterName = (line: string) => {
  const match = AMOUNT_AFTER_NAME.exec(line);
  if (!match || /\b(?:of|from|and|or|with|to|for)$/i.test(match[1] ?? '')) return line;
  return `${match[3]} ${match[1]}${match[2] ?? ''}${match[4] ?? ''}`;
};

/** 'Half a lemon', 'half of an onion', 'half tsp': a half, as a number. */
const HALF_A = /^(?:one-)?half\s+(?:of\s+)?(?:an?\s+)?(?=\S)/i;
/** '2 75g/2¾oz beef fillet medallions', '2 400g cans': so many of a weight, as '2 x 75g'. */
const COUNT_OF_METRIC = /^(\d+)\s+(?=\d+(?:\.\d+)?\s*(?:g|kg|ml|l)\b)/i;

/**
 * '1 ½-inch piece ginger', 'One ½-inch-thick slice bread', '4 1" pieces': a size after the count
 * is not part of the count; it is put in brackets, an aside.
 */
const INCH_SIZE = new RegExp(
  `^${COUNT}\\s+(${FRACTION}|\\d+(?:\\.\\d+)?${FRACTION}?|\\d+\\/\\d+)\\s*-?\\s*(?:inch(?:es)?|in\\.|"|”)(?:-(?:thick|long|wide|diameter|square|round))?(?=[\\s-])-?`,
  'i',
);
// Only sizes the number reader misreads: a fraction ('1 ½-inch' is not 1½) or an inch mark.
const inchSize = (line: string) =>
  line.replace(INCH_SIZE, (whole: string, count: string, size: string) =>
    /[½¼¾⅓⅔⅛/"”]/.test(whole) ? `${numberOf(count)} (${size}-inch) ` : whole,
  );

/** '400-gram tin', '1-kg bag': a metric amount joined to its number. */
const HYPHENED_METRIC = /^(\d+(?:\.\d+)?)-(grams?|g|kilograms?|kg|ml|millilitres?|litres?)\b/i;
/** '3-inch knob ginger': a size with no count before it is an aside, not an amount. */
const LEADING_SIZE = new RegExp(
  `^((?:\\d+(?:\\.\\d+)?|${FRACTION})\\s*-?\\s*(?:inch(?:es)?|in\\.?|cm|"))(?:\\/\\d+(?:\\.\\d+)?\\s*(?:cm|mm|in))?[\\s-]+(?=\\p{L})`,
  'iu',
);

/** The line in forms the number reader reads right ('1 1⁄2' with a fraction slash is '1 1/2'). */
export const americanForms = (line: string) =>
  inchSize(countOfWeight(amountAfterName(line.replace(/(\d)\s*⁄\s*(\d)/g, '$1/$2').replace(HALF_A, '0.5 '))))
    .replace(COUNT_OF_METRIC, '$1 x ')
    .replace(HYPHENED_METRIC, '$1 $2')
    .replace(LEADING_SIZE, (_, size: string) => `(${size}) `);
