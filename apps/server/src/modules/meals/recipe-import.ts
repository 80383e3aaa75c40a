// Reading a recipe out of pasted text or a recipe page. A page says what its recipe is in
// schema.org's Recipe vocabulary, as JSON-LD (most recipe sites) or microdata (older ones); a page
// with neither is read as a person would: its heading, the list under 'Ingredients', the steps
// under 'Method'. HTML is parsed with node-html-parser. Nothing here is saved.
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

const lines = (values: unknown[]) =>
  values
    .map((value) => clean(String(value)))
    .filter(Boolean)
    .slice(0, MAX_LINES);

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
      ingredients.push(line.replace(/^[-•*▢☐]\s*/, ''));
    } else {
      section = 'method';
      method.push(line);
    }
  }
  return {
    name: name.slice(0, 120),
    servings: servings && servings <= 100 ? servings : DEFAULT_SERVINGS,
    ingredients: ingredients.slice(0, MAX_LINES),
    method: method.length ? method.join('\n') : null,
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
  if (Array.isArray(value)) return value.flatMap((item) => instructionsOf(item, depth + 1));
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

function fromJsonLd(root: HTMLElement): ImportedRecipe | null {
  for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.rawText.trim());
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
    const steps = instructionsOf(node.recipeInstructions);
    return {
      name: clean(String(node.name ?? '')) || 'Recipe',
      servings: servingsOf(node.recipeYield) ?? DEFAULT_SERVINGS,
      ingredients: lines(list),
      method: steps.length ? steps.join('\n') : null,
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
    method: instructions.length ? lines(instructions).join('\n') : null,
    imageUrl: imageElement ? propValue(imageElement) : null,
    readFrom: 'microdata',
  };
}

/* readable */

/** The list (or paragraphs) following the first heading that matches, up to the next heading. */
function sectionAfter(root: HTMLElement, heading: RegExp): string[] {
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
  return lines(items);
}

function fromReadable(root: HTMLElement): ImportedRecipe {
  for (const noise of root.querySelectorAll('script, style, nav, header, footer, aside, form, noscript'))
    noise.remove();
  const title = root.querySelector('h1')?.text ?? root.querySelector('title')?.text ?? 'Recipe';
  const ingredients = sectionAfter(root, /^(ingredients?|you will need|you'll need)\s*:?$/i);
  const method = sectionAfter(root, /^(method|instructions?|directions?|preparation|steps?)\s*:?$/i);
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
    method: method.length ? method.join('\n') : null,
    imageUrl: root.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null,
    readFrom: 'readable',
  };
}

/** A recipe page: JSON-LD first, then microdata, then the readable fallback. */
export function recipeFromHtml(html: string): ImportedRecipe {
  const root = parseHtml(html, {
    blockTextElements: { script: true, style: true, noscript: true, pre: true },
  });
  return fromJsonLd(root) ?? fromMicrodata(root) ?? fromReadable(root);
}
