// /w/meals/recipes: the household's recipes with their cost per serving at its own stores.
import { useQuery } from '@tanstack/react-query';
import { ChefHat, ChevronRight, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { pricedWords } from './cost-words.js';
import { recipesQuery } from './meals-api.js';
import { ErrorText, MealsTabs, money } from './meals-parts.js';

export function RecipesScreen() {
  const recipes = useQuery(recipesQuery());
  return (
    <>
      <PageHeader title="Recipes">
        <Link
          to="/w/meals/recipes/new"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-flax-600 px-4 font-semibold text-white hover:bg-flax-700"
        >
          <Plus aria-hidden="true" className="size-5" />
          Add recipe
        </Link>
      </PageHeader>
      <MealsTabs />
      {recipes.isPending ? <DelayedSpinner /> : null}
      <ErrorText error={recipes.error} />
      {recipes.data?.length === 0 ? (
        <div className="mx-4 flex flex-col items-center gap-2 rounded-2xl border border-dashed border-stone-300 px-6 py-10 text-center">
          <ChefHat aria-hidden="true" className="size-10 text-stone-400" />
          <p className="text-lg font-semibold">No recipes yet</p>
          <p className="text-stone-600">
            Paste a recipe or give its web address to see what it costs at your stores.
          </p>
        </div>
      ) : null}
      {recipes.data?.length ? (
        <ul className="divide-y divide-stone-200 border-y border-stone-200 bg-white">
          {recipes.data.map((recipe) => (
            <li key={recipe.id}>
              <Link
                to={`/w/meals/recipes/${recipe.id}`}
                className="flex min-h-16 items-center gap-3 px-4 py-2 hover:bg-stone-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-lg font-medium">{recipe.name}</span>
                  <span className="block text-sm text-stone-600">
                    Serves {recipe.servings}
                    {pricedWords(recipe.cost) ? ` · ${pricedWords(recipe.cost)}` : ''}
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold">{money(recipe.cost.perServing)}</span>
                  <span className="block text-xs text-stone-600">a serving</span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 text-stone-400" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
