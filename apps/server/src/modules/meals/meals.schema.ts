// Meals tables (issue 34): a workspace's recipes, the product it chose for an ingredient name, its
// pantry and its meal plan. Times are epoch ms; quantities in ten-thousandths as on the cart.
import type { Generated } from 'kysely';

export interface RecipesTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  servings: number;
  /** JSON array of the ingredient lines as written. */
  ingredients: string;
  /**
   * JSON array of those lines parsed (ParsedIngredient, headings left out), written with them so a
   * read never parses (issue 43). Null only between migration 101's column and its backfill.
   */
  parsed: string | null;
  method: string | null;
  source_url: string | null;
  image_url: string | null;
  created_at: number;
  updated_at: number;
}

/** The household's own product for an ingredient name (ingredientKey), over the best match. */
export interface IngredientChoicesTable {
  workspace_id: number;
  name_key: string;
  product_id: number;
  updated_at: number;
}

export interface PantryItemsTable {
  workspace_id: number;
  product_id: number;
  quantity_units: number;
  updated_at: number;
}

/** One recipe on one day of the plan; `position` orders a day's recipes. */
export interface MealEntriesTable {
  workspace_id: number;
  day: string;
  position: number;
  recipe_id: number;
  servings: number;
}

export interface MealsTables {
  recipes: RecipesTable;
  ingredient_choices: IngredientChoicesTable;
  pantry_items: PantryItemsTable;
  meal_entries: MealEntriesTable;
}
