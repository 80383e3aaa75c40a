// Asides inside an ingredient's name that recipe sites write and whose words belong to the name:
// another name for the same thing in brackets ('heavy (whipping) cream', 'masa (corn flour)') and
// alternatives listed with commas ('Cheddar, Monterey Jack or favorite cheese', 'clarified
// butter, ghee, or niter kebbeh'). Split out of ingredient-parse.ts to keep that file readable.

/** Words that make a bracket an aside (a note), not another name for the thing. */
const ASIDE_WORDS =
  /\b(?:optional|no|cold|off|only|use|size|sized|below|above|page|including|approximately|roughly|generous|scant|total|needed|divided|see|note|notes|tip|about|approx|such|recipe|follows|from|for|to|with|without|not|room|temperature|large|medium|small|packed|plus|more|each|if|preferably|any|or less|homemade|store-bought|or|weight|available|online|paste)\b/i;
/** A preparation: every word a past participle or a manner word ('finely chopped', 'melted'). */
const PREPARATION =
  /^(?:(?:\w+ed|or|and|finely|thinly|roughly|coarsely|lightly|very|well|cut|torn|ground|into|pieces?|chunks?|rings?|cubes?|strips?|thick|thin|half|halves)\s*)+$/i;

/**
 * '(whipping)', '(plum)', '(corn flour)', '(canela)': one or two plain words that name the
 * thing again; kept in the name. Anything else in brackets is an aside for the note.
 */
/** '(or vodka)', '(or honey)': another thing that will do, named in brackets; kept in the name. */
export function isNamedAlternative(inner: string): boolean {
  const other = /^or\s+(.+)$/i.exec(inner.trim())?.[1];
  // '(or regular)', '(or similar)': another kind of the same, said by a describing word; a note.
  const describing = /^(?:regular|similar|equivalent|fresh|frozen|dried|whole|homemade|store-bought|both)$/i;
  return (
    other !== undefined && isAnotherName(other) && other.split(/\s+/).length <= 2 && !describing.test(other)
  );
}

export function isAnotherName(inner: string): boolean {
  const text = inner.trim();
  if (!/^[\p{L}' -]+$/u.test(text) || text.split(/\s+/).length > 2) return false;
  return !ASIDE_WORDS.test(text) && !PREPARATION.test(text);
}

/** A note after a comma, not a name: amounts, 'to taste', 'such as', 'divided'. */
const NOTE_LIKE =
  /[\d½¼¾⅓⅔⅛]|\b(?:to taste|as needed|as desired|more|such as|like|divided|optional|see|about|plus|if|preferably|for|at room|room temperature|reserved|each|any|a combination|both|zest|juice|only)\b/i;

/** Words of preparation anywhere in a part: 'cut into chunks and blanched' is no other food. */
const PREPARED_ANYWHERE =
  /\b(?:\w+ed|cut|into|pieces?|chunks?|cubes?|strips?|slices?|dice|inch|cm|thick|thin|halves|lengthwise|crosswise|until|then|skin|bones?|seeds?|stems?|ends?|parts?|both)\b/i;
/** 'fresh or frozen', 'homemade or store-bought': how it comes, not another thing. */
const DESCRIBING =
  '(?:fresh|frozen|dried|canned|tinned|raw|cooked|toasted|hot|cold|warm|ripe|homemade|store-bought|bought|large|small|medium|whole|ground)';
const DESCRIBING_ONLY = new RegExp(`^(?:or\\s+)?${DESCRIBING}(?:\\s+or\\s+${DESCRIBING})?$`, 'i');

/**
 * The name's comma-separated tail, when it lists alternatives or companions: 'Monterey Jack or
 * favorite cheese', 'melted, or extra virgin olive oil', 'ghee, or niter kebbeh', 'carrots and
 * cauliflower'. Returns the words to
 * add to the name and the preparation left for the note; null when the tail is only a note.
 */
export function listedAlternatives(tail: string): { name: string; preparation: string[] } | null {
  const parts = tail.split(',').map((part) => part.trim());
  let last = -1;
  // Only before the first note: 'such as Bermuda red, Vidalia, or Maui' names no alternative.
  const firstNote = parts.findIndex((part) => NOTE_LIKE.test(part));
  parts.slice(0, firstNote < 0 ? parts.length : firstNote).forEach((part, index) => {
    const joined =
      /^or\s+\S|\s+or\s+\S/i.test(part) || (/\s+and\s+\S/i.test(part) && !PREPARED_ANYWHERE.test(part));
    const alternative = joined && !PREPARATION.test(part) && !DESCRIBING_ONLY.test(part);
    if (alternative) last = index;
  });
  if (last < 0) return null;
  const name: string[] = [];
  const preparation: string[] = [];
  for (const part of parts.slice(0, last + 1)) {
    if (!part) continue;
    if (PREPARATION.test(part) || NOTE_LIKE.test(part)) preparation.push(part);
    else name.push(part);
  }
  const rest = parts.slice(last + 1).filter(Boolean);
  return { name: name.join(' '), preparation: [...preparation, ...rest] };
}
