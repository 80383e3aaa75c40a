// Migration 100 (the meals range is 100-119): recipes, ingredient choices, the pantry and the
// meal plan. Everything goes with its workspace; a recipe takes its plan entries with it; a
// product is never deleted (the catalogue withdraws them), so product references RESTRICT.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { withId } from '../../db/migrations/column-types.js';
import { linesOf, parsedColumn } from './recipe-lines.js';

export function mealsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('recipes'), dialect)
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('servings', 'integer', (c) => c.notNull())
        .addColumn('ingredients', 'text', (c) => c.notNull())
        .addColumn('method', 'text')
        .addColumn('source_url', 'text')
        .addColumn('image_url', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('recipes_workspace').on('recipes').column('workspace_id').execute();

      await db.schema
        .createTable('ingredient_choices')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ingredient_choices_pk', ['workspace_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('pantry_items')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('restrict'))
        .addColumn('quantity_units', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pantry_items_pk', ['workspace_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('meal_entries')
        .addColumn('workspace_id', 'integer', (c) =>
          c.notNull().references('workspaces.id').onDelete('cascade'),
        )
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
        .addColumn('servings', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('meal_entries_pk', ['workspace_id', 'day', 'position'])
        .execute();
      await db.schema.createIndex('meal_entries_recipe').on('meal_entries').column('recipe_id').execute();
    },
  };
}

/**
 * Migration 101 (issue 43 item 6): a recipe keeps its lines parsed, so reading recipes, meals and
 * to-cart never parse again. Recipes saved before it are parsed here, once.
 */
/** Parses every saved recipe's lines again with the parser of this release. */
async function parseSavedRecipes(db: Kysely<unknown>) {
  const recipes = db as unknown as Kysely<{
    recipes: { id: number; ingredients: string; parsed: string | null };
  }>;
  const rows = await recipes.selectFrom('recipes').select(['id', 'ingredients']).execute();
  for (const row of rows) {
    await recipes
      .updateTable('recipes')
      .set({ parsed: parsedColumn(linesOf(row)) })
      .where('id', '=', row.id)
      .execute();
  }
}

export const recipesParsedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('recipes').addColumn('parsed', 'text').execute();
    await parseSavedRecipes(db);
  },
};

/**
 * Issue 43: the parser now counts cloves, slices and sprigs as written (with their share of the
 * whole), reads American cans and keeps alternatives in the name; saved recipes are read again.
 */
export const recipesReparsedMigration: Migration = { up: parseSavedRecipes };
// 103 (issue 43): the same again for the parser that reads American books ('Two 1¼-pound flank
// steaks' is 1,134 g; '1 lb (500 g)' is the pound); both run parseSavedRecipes.
