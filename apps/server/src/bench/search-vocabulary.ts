// Search texts as shoppers type them, for the uncached search run: one to three words drawn from
// the catalogue's own brands, product words and pack sizes, with the odd typo or half-typed word.
// Deterministic (a seeded generator), so two runs send the same texts in the same order, and varied
// enough (tens of thousands of distinct texts) that a run never repeats one within the search
// caches' lifetime.
import { demoCategories, extraVariants } from '../modules/catalogue/demo/demo-catalogue-data.js';

/** mulberry32: a small, fast, seeded generator; good enough to pick words. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^a-z0-9']+/)) if (word.length > 1) found.add(word);
  }
  return [...found];
}

const items = demoCategories.flatMap((category) => category.items);
const productWords = words(items.flatMap((item) => [item.name, ...item.variants, category(item)]));
const brandWords = words(items.flatMap((item) => item.brands));
const sizes = [...new Set(items.flatMap((item) => item.sizes))].filter((size) => /\d/.test(size));
const variantWords = words(extraVariants);

function category(item: (typeof items)[number]): string {
  return demoCategories.find((c) => c.items.includes(item))?.title ?? '';
}

/** A typo a thumb makes: a letter dropped, doubled or swapped with its neighbour. */
function typo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
}

const pick = <T>(list: T[], random: () => number): T => list[Math.floor(random() * list.length)] as T;

/** An endless stream of shopper-like search texts. */
export function searchTexts(seed = 2026): () => string {
  const random = seeded(seed);
  return () => {
    const shape = random();
    const parts: string[] = [];
    if (shape < 0.35) parts.push(pick(productWords, random));
    else if (shape < 0.55) parts.push(pick(brandWords, random), pick(productWords, random));
    else if (shape < 0.75) parts.push(pick(productWords, random), pick(sizes, random).toLowerCase());
    else if (shape < 0.9)
      parts.push(pick(brandWords, random), pick(productWords, random), pick(variantWords, random));
    else parts.push(pick(productWords, random).slice(0, 3 + Math.floor(random() * 3))); // half-typed
    const texts = parts.map((word) => (random() < 0.12 ? typo(word, random) : word));
    return texts.join(' ');
  };
}

/** How many distinct texts the first `count` draws hold (printed with the run, to show variety). */
export function distinctTexts(count: number, seed = 2026): number {
  const next = searchTexts(seed);
  const seen = new Set<string>();
  for (let i = 0; i < count; i += 1) seen.add(next());
  return seen.size;
}
