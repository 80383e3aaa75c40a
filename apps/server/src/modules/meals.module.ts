// Meals (issue 34): recipes costed at the household's own stores, a pantry, and a week's meal plan
// that becomes the shopping list.
import type { ServerModule } from '../server-module.js';
import { mealsMigration, recipesParsedMigration, recipesReparsedMigration } from './meals/meals.migration.js';
import { mealsRoutes } from './meals/meals.routes.js';

export const mealsModule: ServerModule = {
  name: 'meals',
  migrations: (dialect) => ({
    '100-meals': mealsMigration(dialect),
    '101-recipes-parsed': recipesParsedMigration,
    '102-recipes-reparsed-counted-parts': recipesReparsedMigration,
    '103-recipes-reparsed-american-books': recipesReparsedMigration,
  }),
  async routes(app, ctx) {
    await mealsRoutes(app, ctx);
  },
};
