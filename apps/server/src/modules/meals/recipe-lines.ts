// A recipe's ingredient lines as stored: the lines as written (JSON) and, beside them, the lines
// parsed (JSON), written together so that reading a recipe, the meal plan or to-cart never runs
// the parser again (issue 43 item 6).
import { type ParsedIngredient, parseIngredientLines } from '@kete/shared';

export const linesOf = (row: { ingredients: string }): string[] => {
  const parsed: unknown = JSON.parse(row.ingredients);
  return Array.isArray(parsed) ? parsed.filter((line): line is string => typeof line === 'string') : [];
};

export const parsedColumn = (lines: string[]): string => JSON.stringify(parseIngredientLines(lines));

/** The stored parse; a row written before it was kept (none after migration 101) is parsed now. */
export const parsedOf = (row: { ingredients: string; parsed: string | null }): ParsedIngredient[] =>
  row.parsed === null ? parseIngredientLines(linesOf(row)) : (JSON.parse(row.parsed) as ParsedIngredient[]);
