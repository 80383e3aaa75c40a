// Reading a recipe out of pasted text or a recipe page. A page says what its recipe is in
// schema.org's Recipe vocabulary, as JSON-LD (most recipe sites) or microdata (older ones); a page
// with neither is read as a person would: its heading, the list under 'Ingredients', the steps
// under 'Method'. HTML is parsed with node-html-parser. Nothing here is saved.
import { INGREDIENT_LINE_MAX_LENGTH, keptIngredientLine, RECIPE_METHOD_MAX_LENGTH } from '@kete/shared';
import { type HTMLElement, parse as parseHtml } from 'node-html-parser';

export interface ImportedRecipe {
  name: string;
  servings: number;
  ingredients: string[];
  method: string | null;
  imageUrl: string | null;
  readFrom: 'json-ld' | 'microdata' | 'readable' | 'text';
}

const DEFAULT_SERVINGS = 4;
const MAX_LINES = 80;
/** Steps read from a page: far more than any recipe has, and their text is cut to the method's limit. */
const MAX_STEPS = 200;
/**
 * Elements open inside one another. Real recipe pages nest a few dozen deep (sloppy ones with
 * unclosed tags a few hundred); node-html-parser recurses per level (50,000 overflowed the stack,
 * a 500) and closes unclosed tags by searching its stack (a minute for 50,000).
 */
export const MAX_NESTING = 1_000;
/**
 * Elements on a page read without JSON-LD. Big recipe pages have a few thousand; the HTML parser
 * and the readable fallback's searches took about 1 s for 30,000 on a busy server.
 */
export const MAX_ELEMENTS = 15_000;

/** A page that cannot be read safely: answered 400 'This page could not be read.' */
export class PageUnreadable extends Error {}

/** 'Serves 4', '4 servings', 'Makes 12', ['6', '6 portions'] -> the first whole number (1-100). */
export function servingsOf(value: unknown): number | null {
  const text = Array.isArray(value)
    ? value.map(String).join(' ')
    : value === undefined || value === null
      ? ''
      : String(value);
  const match = /(\d+)/.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 100 ? n : null;
}

/** Text with entities decoded and whitespace collapsed (JSON-LD strings often carry '&amp;'). */
const clean = (text: string) =>
  parseHtml(`<p>${text.replace(/</g, ' <')}</p>`)
    .text.replace(/\s+/g, ' ')
    .trim();

/**
 * The first MAX_LINES non-empty lines, each cut to the longest line kept. Only what is kept is
 * read: a page's list of 100,000 lines of 100 KB each costs no more than 80 short ones.
 */
const lines = (values: unknown[], maxLength = INGREDIENT_LINE_MAX_LENGTH): string[] => {
  const kept: string[] = [];
  for (const value of values) {
    if (kept.length >= MAX_LINES) break;
    // Entities and tags shrink as they are cleaned: read a few times the kept length.
    const line = clean(String(value).slice(0, maxLength * 4))
      .slice(0, maxLength)
      .trim();
    if (line) kept.push(line);
  }
  return kept;
};

/** A method's steps, as many as its limit holds. */
const methodLines = (values: unknown[]) => lines(values, RECIPE_METHOD_MAX_LENGTH);
const cutMethod = (steps: string[]) =>
  steps.length ? steps.join('\n').slice(0, RECIPE_METHOD_MAX_LENGTH) : null;

/* text */

const SECTION_INGREDIENTS = /^(ingredients?|you will need|you'll need|what you need)\s*:?$/i;
const SECTION_METHOD = /^(method|instructions?|directions?|preparation|steps?|how to make it)\s*:?$/i;
const SERVES =
  /^(serves|servings|makes|yield|portions)\b\s*:?\s*(\d+)|^(\d+)\s+(servings|portions|people)\b/i;

/** Whether a line reads as an ingredient: it starts with an amount or is short and no sentence. */
const looksLikeIngredient = (line: string) =>
  /^[\d½¼¾⅓⅔⅛-]/.test(line) || (line.length <= 60 && !/[.!?]$/.test(line) && line.split(' ').length <= 8);

/** Pasted text: a title, then the ingredients, then the method (headings optional). */
export function recipeFromText(text: string): ImportedRecipe {
  const all = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  let servings: number | null = null;
  const rest: string[] = [];
  for (const line of all) {
    const serves = SERVES.exec(line);
    if (serves && servings === null && line.length < 40) servings = Number(serves[2] ?? serves[3]);
    else rest.push(line);
  }
  const name = (rest.shift() ?? 'Recipe').replace(/^recipe\s*:\s*/i, '');
  const ingredients: string[] = [];
  const method: string[] = [];
  let section: 'ingredients' | 'method' | 'unknown' = 'unknown';
  for (const line of rest) {
    if (SECTION_INGREDIENTS.test(line)) {
      section = 'ingredients';
      continue;
    }
    if (SECTION_METHOD.test(line)) {
      section = 'method';
      continue;
    }
    if (section === 'ingredients' || (section === 'unknown' && looksLikeIngredient(line))) {
      ingredients.push(keptIngredientLine(line.replace(/^[-•*▢☐]\s*/, '')));
    } else {
      section = 'method';
      method.push(line);
    }
  }
  return {
    name: name.slice(0, 120),
    servings: servings && servings <= 100 ? servings : DEFAULT_SERVINGS,
    ingredients: ingredients.slice(0, MAX_LINES),
    method: cutMethod(method),
    imageUrl: null,
    readFrom: 'text',
  };
}

/* JSON-LD */

const isRecipeType = (type: unknown) =>
  type === 'Recipe' || (Array.isArray(type) && type.includes('Recipe')) || type === 'schema:Recipe';

function findRecipeNode(value: unknown, depth = 0): Record<string, unknown> | null {
  if (depth > 6 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findRecipeNode(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const node = value as Record<string, unknown>;
  if (isRecipeType(node['@type'])) return node;
  for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement']) {
    const found = findRecipeNode(node[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** recipeInstructions: a string, strings, HowToStep {text} or HowToSection {itemListElement}. */
function instructionsOf(value: unknown, depth = 0): string[] {
  if (depth > 4 || value === null || value === undefined) return [];
  if (typeof value === 'string')
    return value
      .split(/\r?\n|<br\s*\/?>/i)
      .map(clean)
      .filter(Boolean);
  if (Array.isArray(value))
    return value.slice(0, MAX_STEPS).flatMap((item) => instructionsOf(item, depth + 1));
  if (typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.itemListElement) return instructionsOf(node.itemListElement, depth + 1);
    if (typeof node.text === 'string') return [clean(node.text)];
    if (typeof node.name === 'string') return [clean(node.name)];
  }
  return [];
}

function imageOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return imageOf(value[0]);
  if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') {
    return (value as { url: string }).url;
  }
  return null;
}

/**
 * The text of each JSON-LD script, found in one pass over the page without building its DOM: a
 * recipe site's page is read from these alone, however large or odd the rest of it is.
 */
function jsonLdScripts(html: string): string[] {
  const lower = html.toLowerCase();
  const scripts: string[] = [];
  for (let at = lower.indexOf('<script'); at >= 0; at = lower.indexOf('<script', at + 1)) {
    const open = lower.indexOf('>', at);
    if (open < 0) break;
    const close = lower.indexOf('</script', open);
    if (close < 0) break;
    if (/type\s*=\s*["']?application\/ld\+json/.test(lower.slice(at, open))) {
      scripts.push(html.slice(open + 1, close));
    }
    at = close;
  }
  return scripts;
}

function fromJsonLd(html: string): ImportedRecipe | null {
  for (const script of jsonLdScripts(html)) {
    let data: unknown;
    try {
      data = JSON.parse(script.trim());
    } catch {
      continue;
    }
    const node = findRecipeNode(data);
    if (!node) continue;
    const ingredients = node.recipeIngredient ?? node.ingredients;
    const list = Array.isArray(ingredients)
      ? ingredients
      : typeof ingredients === 'string'
        ? ingredients.split('\n')
        : [];
    const steps = instructionsOf(node.recipeInstructions).slice(0, MAX_STEPS);
    return {
      name: clean(String(node.name ?? '')) || 'Recipe',
      servings: servingsOf(node.recipeYield) ?? DEFAULT_SERVINGS,
      ingredients: lines(list),
      method: cutMethod(steps),
      imageUrl: imageOf(node.image),
      readFrom: 'json-ld',
    };
  }
  return null;
}

/* microdata */

function propValue(element: HTMLElement): string {
  return (
    element.getAttribute('content') ??
    element.getAttribute('src') ??
    element.getAttribute('href') ??
    element.text
  );
}

function fromMicrodata(root: HTMLElement): ImportedRecipe | null {
  const scope = root
    .querySelectorAll('[itemscope]')
    .find((el) => /schema\.org\/Recipe\b/i.test(el.getAttribute('itemtype') ?? ''));
  if (!scope) return null;
  const props = (name: string) => scope.querySelectorAll(`[itemprop="${name}"]`);
  const first = (name: string) => props(name)[0];
  const ingredients = [...props('recipeIngredient'), ...props('ingredients')].map(propValue);
  const instructions = props('recipeInstructions').flatMap((el) => {
    const steps = el.querySelectorAll('li');
    return steps.length ? steps.map((li) => li.text) : [propValue(el)];
  });
  const nameElement = first('name');
  const yieldElement = first('recipeYield');
  const imageElement = first('image');
  return {
    name: nameElement ? clean(propValue(nameElement)) : 'Recipe',
    servings: (yieldElement && servingsOf(propValue(yieldElement))) || DEFAULT_SERVINGS,
    ingredients: lines(ingredients),
    method: cutMethod(methodLines(instructions)),
    imageUrl: imageElement ? propValue(imageElement) : null,
    readFrom: 'microdata',
  };
}

/* readable */

/** The list (or paragraphs) following the first heading that matches, up to the next heading. */
function sectionAfter(root: HTMLElement, heading: RegExp, read = lines): string[] {
  const headings = root.querySelectorAll('h1, h2, h3, h4, h5, h6, strong, b, p');
  const found = headings.find((el) => heading.test(el.text.trim()));
  if (!found) return [];
  const items: string[] = [];
  // Walk the headings' following siblings (climbing out of a <strong> inside a <p>).
  let start: HTMLElement | null = found;
  while (start && !start.nextElementSibling && start.parentNode) start = start.parentNode as HTMLElement;
  let next = start?.nextElementSibling ?? null;
  while (next && !/^H[1-6]$/.test(next.tagName)) {
    const listItems = next.querySelectorAll('li');
    if (listItems.length) items.push(...listItems.map((li) => li.text));
    else if (next.tagName === 'LI') items.push(next.text);
    else if (next.text.trim()) items.push(...next.text.split('\n'));
    next = next.nextElementSibling;
  }
  return read(items);
}

function fromReadable(root: HTMLElement): ImportedRecipe {
  for (const noise of root.querySelectorAll('script, style, nav, header, footer, aside, form, noscript'))
    noise.remove();
  const title = root.querySelector('h1')?.text ?? root.querySelector('title')?.text ?? 'Recipe';
  const ingredients = sectionAfter(root, /^(ingredients?|you will need|you'll need)\s*:?$/i);
  const method = sectionAfter(
    root,
    /^(method|instructions?|directions?|preparation|steps?)\s*:?$/i,
    methodLines,
  );
  const serves = root.text.match(/\b(serves|servings|makes)\s*:?\s*(\d+)/i);
  if (ingredients.length === 0) {
    const fromText = recipeFromText(
      `${clean(title)}\n${(root.querySelector('main') ?? root).structuredText}`,
    );
    return { ...fromText, readFrom: 'readable' };
  }
  return {
    name: clean(title) || 'Recipe',
    servings: servingsOf(serves?.[2]) ?? DEFAULT_SERVINGS,
    ingredients,
    method: cutMethod(method),
    imageUrl: root.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null,
    readFrom: 'readable',
  };
}

const VOID_ELEMENTS = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'pre']);
// Attributes end at the next '<' as well as '>': a '<a' with no '>' after it costs one step, not a scan.
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)([^<>]*)>/g;

/**
 * The page without its comments, in one pass (the HTML parser's own search for a comment's end
 * took minutes on a page of unclosed '<!--'); an unclosed comment runs to the page's end.
 */
function withoutComments(html: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let open = html.indexOf('<!--'); open >= 0; open = html.indexOf('<!--', from)) {
    parts.push(html.slice(from, open));
    const close = html.indexOf('-->', open + 4);
    if (close < 0) return parts.join('');
    from = close + 3;
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/**
 * How deep the page's elements nest, counted as written (an unclosed tag counts as open), and how
 * many there are, in one pass: what to refuse before the HTML parser sees it.
 */
export function markupShape(html: string): { depth: number; elements: number } {
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  const lower = html.toLowerCase();
  TAG.lastIndex = 0;
  for (let tag = TAG.exec(html); tag !== null; tag = TAG.exec(html)) {
    const name = (tag[2] as string).toLowerCase();
    if (tag[1]) depth = Math.max(0, depth - 1);
    else if (!(tag[3] as string).endsWith('/') && !VOID_ELEMENTS.has(name)) {
      depth += 1;
      elements += 1;
      if (depth > deepest) deepest = depth;
      // A script's text is not markup: skip to its end.
      if (RAW_TEXT.has(name)) {
        const end = lower.indexOf(`</${name}`, TAG.lastIndex);
        TAG.lastIndex = end < 0 ? html.length : end;
      }
    }
  }
  return { depth: deepest, elements };
}

/** A recipe page: JSON-LD first, then microdata, then the readable fallback. */
export function recipeFromHtml(html: string): ImportedRecipe {
  const fromScripts = fromJsonLd(html);
  if (fromScripts) return fromScripts;
  const page = withoutComments(html);
  const shape = markupShape(page);
  if (shape.depth > MAX_NESTING || shape.elements > MAX_ELEMENTS) throw new PageUnreadable();
  try {
    const root = parseHtml(page, {
      blockTextElements: { script: true, style: true, noscript: true, pre: true },
    });
    return fromMicrodata(root) ?? fromReadable(root);
  } catch (error) {
    // A page this parser cannot walk (its stack overflowed) is a page that cannot be read.
    if (error instanceof RangeError) throw new PageUnreadable();
    throw error;
  }
}
