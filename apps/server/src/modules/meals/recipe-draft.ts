// POST recipes/import: text, a page's HTML or a page fetched from its address, read into a draft
// (recipe-import.ts) and priced like a saved recipe, so the review shows what it would cost.
import type { ImportRequest, RecipeDraft } from '@kete/shared';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/http-error.js';
import { fetchRecipePage, ImportFetchError } from './guarded-fetch.js';
import { type ImportedRecipe, PageUnreadable, recipeFromHtml, recipeFromText } from './recipe-import.js';
import { costedAnswer, recipePricer } from './recipe-pricing.js';

/** An image or source address kept only when it is an absolute http(s) address. */
function httpAddress(value: string | null, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString().slice(0, 2000) : null;
  } catch {
    return null;
  }
}

export async function recipeDraft(
  ctx: AppContext,
  workspaceId: number,
  request: ImportRequest,
): Promise<RecipeDraft> {
  let imported: ImportedRecipe;
  let sourceUrl: string | null = null;
  const field = 'text' in request ? 'text' : 'html' in request ? 'html' : 'url';
  try {
    if ('text' in request) imported = recipeFromText(request.text);
    else if ('html' in request) imported = recipeFromHtml(request.html);
    else {
      const page = await fetchRecipePage(request.url, { allowPrivate: ctx.config.importAllowPrivate });
      sourceUrl = page.url;
      imported = recipeFromHtml(page.html);
    }
  } catch (error) {
    if (error instanceof ImportFetchError) throw fieldError(field, error.message);
    if (error instanceof PageUnreadable) throw fieldError(field, 'This page could not be read.');
    throw error;
  }
  if (imported.ingredients.length === 0) {
    throw fieldError(field, 'No ingredients were found there. Paste the recipe’s ingredients instead.');
  }
  const lines = await recipePricer(ctx, workspaceId).priceLines(imported.ingredients);
  const { ingredients: parsed, cost } = costedAnswer(lines, imported.servings);
  return {
    name: imported.name,
    servings: imported.servings,
    ingredients: imported.ingredients,
    method: imported.method,
    sourceUrl,
    imageUrl: httpAddress(imported.imageUrl, sourceUrl ?? undefined),
    readFrom: imported.readFrom,
    parsed,
    cost,
  };
}
