// Importing a list from pasted text (issue 13): each line becomes what to search for and how many.
// Nothing here touches the catalogue: the app searches for each line's text and the shopper
// confirms a match, so this rule only has to read the ways people write shopping lists:
//   '2 x milk 2L', '2x milk', '2 × milk', 'milk x 2', 'milk x2', '3 bananas', '- bread',
//   '* [ ] eggs', '1. bread' (numbering, not a quantity), 'Bread (2)'.
// A count in front is a quantity unless a unit follows it ('2L milk', '500 g mince' are sizes).

export interface ImportLine {
  /** What to search for, e.g. 'milk 2L'. */
  text: string;
  /** How many, a whole number from 1 to MAX_IMPORT_QUANTITY. */
  quantity: number;
}

export const MAX_IMPORT_LINES = 100;
export const MAX_IMPORT_QUANTITY = 99;
const MAX_TEXT_LENGTH = 200;

// Words that make a leading number a pack size rather than a count.
const UNIT =
  /^(?:k?g|kgs?|grams?|kilos?|kilograms?|m?l|ltrs?|litres?|liters?|ml|cl|pk|packs?|pcs?|pieces?|cm|mm|%|oz|lbs?|dozen)\b/i;

const BULLET = /^(?:[-*•·–—+>]+\s*)?(?:\[[ xX]?\]\s*)?/u;
const NUMBERING = /^\d{1,3}[.)]\s+/;
const LEADING_COUNT = /^(\d{1,3})\s*(?:x|×|\*)\s*(.+)$/iu;
const LEADING_BARE = /^(\d{1,3})\s+(.+)$/;
const TRAILING_X = /^(.+?)\s+(?:x|×)\s*(\d{1,3})$/iu;
const BRACKETED = /^(.+?)\s*\((?:x|×)?\s*(\d{1,3})\s*\)$/iu;

// A price someone (or Kete's own text export) wrote after the item: ' ($6.58)', ' - $6.58'.
const PRICE = /\s*(?:[-–—]\s*)?[([]?\$\s?\d[\d,]*(?:\.\d{1,2})?[)\]]?$/u;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function withCount(text: string, count: string): ImportLine | null {
  const quantity = Number(count);
  const rest = clean(text);
  if (rest === '' || quantity < 1) return null;
  return { text: rest, quantity: Math.min(quantity, MAX_IMPORT_QUANTITY) };
}

/** One line of pasted text, or null for a blank line, a heading ('Dairy:') or a comment ('# ...'). */
export function parseImportLine(raw: string): ImportLine | null {
  let line = clean(raw.replace(BULLET, '')).slice(0, MAX_TEXT_LENGTH);
  line = clean(line.replace(NUMBERING, '').replace(PRICE, ''));
  if (line === '' || line.startsWith('#') || line.endsWith(':')) return null;
  if (!/\p{L}/u.test(line)) return null; // '2', '---', '$4.50': nothing to search for

  const leading = LEADING_COUNT.exec(line);
  if (leading?.[1] && leading[2]) return withCount(leading[2], leading[1]);
  const bracketed = BRACKETED.exec(line);
  if (bracketed?.[1] && bracketed[2]) return withCount(bracketed[1], bracketed[2]);
  const trailingX = TRAILING_X.exec(line);
  if (trailingX?.[1] && trailingX[2]) return withCount(trailingX[1], trailingX[2]);
  const bare = LEADING_BARE.exec(line);
  if (bare?.[1] && bare[2] && !UNIT.test(bare[2])) return withCount(bare[2], bare[1]);
  // 'eggs 12' is as likely a pack size as a count, so only 'x'/'×' or brackets make a trailing count.
  return { text: line, quantity: 1 };
}

/**
 * Every line of pasted text, in order; the same thing twice (ignoring case) is one line with the
 * quantities added. At most MAX_IMPORT_LINES lines are kept.
 */
export function parseImportText(text: string): ImportLine[] {
  const merged = new Map<string, ImportLine>();
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = parseImportLine(raw);
    if (!line) continue;
    const key = line.text.toLowerCase();
    const seen = merged.get(key);
    if (seen) seen.quantity = Math.min(seen.quantity + line.quantity, MAX_IMPORT_QUANTITY);
    else if (merged.size < MAX_IMPORT_LINES) merged.set(key, { ...line });
  }
  return [...merged.values()];
}
