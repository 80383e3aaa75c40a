// One normalisation for what is indexed and what is searched, so both sides agree on tokens:
// lower case, no accents, pack sizes as one token ("2 L", "2l", "2 litres" -> "2l"; "1.5kg" ->
// "1p5kg") and hyphenated words also joined ("Weet-Bix" -> "weet", "bix", "weetbix"). The ingest
// stores these tokens as they are; the index in memory and each query stem their words (Porter's
// stemmer, the `stemmer` package), so plurals and singulars meet ("thighs", "thigh" -> "thigh").
import { stemmer } from 'stemmer';

const unitAliases: Record<string, string> = {
  l: 'l',
  lt: 'l',
  ltr: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  ml: 'ml',
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kgs: 'kg',
  pk: 'pk',
  pack: 'pk',
  ea: 'ea',
  each: 'ea',
};

const stripAccents = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

// "1.5 L" / "1.5L" / "2 x 500ml" -> sizes glued to their number.
const sizePattern =
  /(\d+(?:[.,]\d+)?)\s*(litres?|liters?|ltr|lt|ml|l|kgs?|kg|grams?|gms?|gm|g|pack|pk|each|ea)\b/g;

function glueSizes(text: string): string {
  return text.replace(sizePattern, (_m, amount: string, unit: string) => {
    const normalised = unitAliases[unit] ?? unit;
    return ` ${amount.replace(/[.,]/, 'p')}${normalised} `;
  });
}

/** The words of a text as index/search tokens, in order. */
export function tokens(text: string): string[] {
  const lowered = glueSizes(stripAccents(text).toLowerCase());
  const words: string[] = [];
  for (const chunk of lowered.split(/\s+/)) {
    const parts = chunk.split(/[^a-z0-9]+/).filter(Boolean);
    words.push(...parts);
    // "weet-bix", "pak'nsave", "coca-cola": also the joined form, so "weetbix" finds them.
    if (parts.length > 1 && parts.length <= 3) words.push(parts.join(''));
  }
  return words;
}

/** The text indexed for a product: its own words first (weighted higher), then brand and category. */
export function searchDocument(product: {
  name: string;
  brand: string | null;
  displayUnits: string | null;
  category: string | null;
}): { title: string; extra: string } {
  return {
    title: [...tokens(product.name), ...tokens(product.displayUnits ?? '')].join(' '),
    extra: [...tokens(product.brand ?? ''), ...tokens(product.category ?? '')].join(' '),
  };
}

export const MAX_QUERY_TERMS = 8;

/**
 * A token's stem: words of letters only ("tomatoes" -> "tomato", "berries" and "berry" ->
 * "berri"); sizes and codes ("2l", "1p5kg") as they are.
 */
export const stemToken = (token: string): string => (/^[a-z]+$/.test(token) ? stemmer(token) : token);

/** What a shopper typed, as distinct search words (stemmed and matched as prefixes by the index). */
export function queryTerms(text: string): string[] {
  const seen = new Set<string>();
  // The joined forms only help the index side; a query matches each part instead.
  const chunks = glueSizes(stripAccents(text).toLowerCase()).split(/[^a-z0-9]+/);
  for (const term of chunks) {
    if (term) seen.add(term);
    if (seen.size === MAX_QUERY_TERMS) break;
  }
  return [...seen];
}

/** A barcode scan or typed barcode: 8 to 14 digits, spaces allowed. */
export function asBarcode(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^\d{8,14}$/.test(digits) ? digits : null;
}
