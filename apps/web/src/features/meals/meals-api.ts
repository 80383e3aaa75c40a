// The meals calls (issue 34) and the queries that hold them. Live changes of 'recipes', 'meals'
// and 'pantry' invalidate these keys (features/live/refresh-workspace.ts).
import type {
  ImportRequest,
  MealDay,
  MealPlan,
  PantryItem,
  Product,
  Recipe,
  RecipeDraft,
  RecipeRequest,
  RecipeSummary,
  ToCartAnswer,
} from '@kete/shared';
import { api } from '../../lib/api-client.js';
import { queryClient } from '../../lib/query-client.js';
import { workspacePath } from '../products/api/workspace-path.js';

export const MEALS_KEYS = { recipes: 'recipes', meals: 'meals', pantry: 'pantry' } as const;

export const recipesQuery = () => ({
  queryKey: [MEALS_KEYS.recipes] as const,
  queryFn: () => api.request<RecipeSummary[]>(workspacePath('/recipes')),
});

export const recipeQuery = (recipeId: number) => ({
  queryKey: [MEALS_KEYS.recipes, recipeId] as const,
  queryFn: () => api.request<Recipe>(workspacePath(`/recipes/${recipeId}`)),
});

export const mealPlanQuery = (from: string, to: string) => ({
  queryKey: [MEALS_KEYS.meals, from, to] as const,
  queryFn: () => api.request<MealPlan>(workspacePath(`/meals?from=${from}&to=${to}`)),
});

export const pantryQuery = () => ({
  queryKey: [MEALS_KEYS.pantry] as const,
  queryFn: () => api.request<PantryItem[]>(workspacePath('/pantry')),
});

/** After one of our own changes: what it touched, fetched again. */
export const refreshMeals = (...keys: (keyof typeof MEALS_KEYS)[]) =>
  Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [MEALS_KEYS[key]] })));

export const importRecipe = (request: ImportRequest) =>
  api.post<RecipeDraft>(workspacePath('/recipes/import'), request, { loading: false });

export const saveRecipe = (request: RecipeRequest) => api.post<Recipe>(workspacePath('/recipes'), request);

export const deleteRecipe = (recipeId: number) =>
  api.request<void>(workspacePath(`/recipes/${recipeId}`), { method: 'DELETE' });

export const chooseProduct = (recipeId: number, index: number, productId: number) =>
  api.request<Recipe>(workspacePath(`/recipes/${recipeId}/ingredients/${index}`), {
    method: 'PUT',
    body: { productId },
  });

export const planDay = (date: string, entries: { recipeId: number; servings: number }[]) =>
  api.request<MealDay>(workspacePath(`/meals/${date}`), { method: 'PUT', body: { entries } });

export const weekToCart = (from: string, to: string) =>
  api.post<ToCartAnswer>(workspacePath('/meals/to-cart'), { from, to });

export const setPantry = (productId: number, quantity: number) =>
  api.request<PantryItem>(workspacePath(`/pantry/${productId}`), { method: 'PUT', body: { quantity } });

export const removeFromPantry = (productId: number) =>
  api.request<void>(workspacePath(`/pantry/${productId}`), { method: 'DELETE' });

export const searchProducts = (text: string) =>
  api.post<Product[]>(workspacePath('/products/search'), { text }, { loading: false });
