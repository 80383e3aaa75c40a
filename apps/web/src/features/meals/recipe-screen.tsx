// /w/meals/recipes/:recipeId: the recipe costed at the household's stores (per serving with how
// many lines that covers, in all, the whole packs to buy, and from each single store), its ingredients with their products (each
// can be changed, remembered for that ingredient), its method; plan it on a day, or delete it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { queryClient } from '../../lib/query-client.js';
import { pricedWords } from './cost-words.js';
import { IngredientRows } from './ingredient-rows.js';
import {
  chooseProduct,
  deleteRecipe,
  MEALS_KEYS,
  mealPlanQuery,
  planDay,
  recipeQuery,
  refreshMeals,
} from './meals-api.js';
import { dayLabel, ErrorText, money, RecipeHeader, today, useStoreName } from './meals-parts.js';
import { ProductPicker } from './product-picker.js';

export function RecipeScreen() {
  const recipeId = Number(useParams().recipeId);
  const recipe = useQuery(recipeQuery(recipeId));
  const navigate = useNavigate();
  const storeName = useStoreName();
  const [changing, setChanging] = useState<number | null>(null);
  const [date, setDate] = useState(today());
  const [planned, setPlanned] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  if (recipe.isPending) return <DelayedSpinner />;
  if (!recipe.data) return <ErrorText error={recipe.error} />;
  const r = recipe.data;
  // Lines 'to taste' are unpriced too, but quietly (issue 34): the server leaves them out of `counted`.
  const covered = pricedWords(r.cost);

  const plan = async () => {
    setError(null);
    try {
      const day = await queryClient.fetchQuery({ ...mealPlanQuery(date, date), staleTime: 0 });
      const entries = (day.days[0]?.entries ?? []).map((e) => ({
        recipeId: e.recipeId,
        servings: e.servings,
      }));
      await planDay(date, [...entries, { recipeId: r.id, servings: r.servings }]);
      setPlanned(date);
      await refreshMeals('meals');
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <article className="pb-8">
      <RecipeHeader title={r.name} />
      <section aria-label="Cost" className="mx-4 mb-4">
        {/* Read as one line ('$1.58 a serving · 5 of 8 ingredients priced'); shown as two, so a
            narrow phone does not break it mid-phrase. */}
        <p className="mb-2 text-lg">
          <strong className="text-2xl">{money(r.cost.perServing)}</strong> a serving
          {covered ? (
            <>
              <span className="sr-only"> · </span>
              <span className="block text-base text-stone-700">{covered}</span>
            </>
          ) : null}
        </p>
        <div className="grid grid-cols-2 gap-2 text-center">
          <div className="rounded-2xl bg-stone-100 p-3">
            <p className="text-xl font-bold">{money(r.cost.total)}</p>
            <p className="text-sm text-stone-700">serves {r.servings}</p>
          </div>
          <div className="rounded-2xl bg-stone-100 p-3">
            <p className="text-xl font-bold">{money(r.cost.toBuy)}</p>
            <p className="text-sm text-stone-700">whole packs</p>
          </div>
        </div>
        {r.cost.bigPacks.length > 0 ? (
          <p className="mt-2 text-sm text-stone-700">
            A big pack costs only the share used; the rest is left over.
          </p>
        ) : null}
      </section>
      {r.storeTotals.length > 0 ? (
        <section aria-label="At one store" className="mx-4 mb-4">
          <h2 className="mb-1 text-sm font-semibold text-stone-600 uppercase">From one store</h2>
          <ul className="flex flex-wrap gap-2">
            {r.storeTotals.map((s) => (
              <li key={s.storeId} className="rounded-full border border-stone-200 bg-white px-3 py-1 text-sm">
                {storeName(s.storeId)} <strong>{money(s.total)}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2 className="px-4 pb-2 text-lg font-bold">Ingredients</h2>
      {changing !== null ? (
        <ProductPicker
          label="Choose a product"
          initial={r.ingredients[changing]?.name ?? ''}
          onCancel={() => setChanging(null)}
          onPick={async (product) => {
            const changed = await chooseProduct(r.id, changing, product.id);
            queryClient.setQueryData(recipeQuery(r.id).queryKey, changed);
            setChanging(null);
            await refreshMeals('recipes', 'meals');
          }}
        />
      ) : null}
      <IngredientRows ingredients={r.ingredients} onChange={setChanging} />
      <section aria-label="Plan it" className="mx-4 mt-4 flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-sm font-semibold">
          Day
          <input
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className="min-h-11 rounded-xl border border-stone-300 bg-white px-3 font-normal"
          />
        </label>
        <Button onClick={plan}>Plan it</Button>
        {planned ? (
          <p role="status" className="w-full text-sm text-green-800">
            Planned for {dayLabel(planned)}.{' '}
            <Link to="/w/meals" className="font-semibold underline">
              See the week
            </Link>
          </p>
        ) : null}
      </section>
      <ErrorText error={error} />
      {r.method ? (
        <section className="mx-4 mt-6">
          <h2 className="pb-2 text-lg font-bold">Method</h2>
          <ol className="list-decimal space-y-2 pl-5">
            {r.method.split('\n').map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are plain text in a fixed order
              <li key={i}>{step}</li>
            ))}
          </ol>
        </section>
      ) : null}
      {r.sourceUrl ? (
        <p className="mx-4 mt-4 text-sm">
          <a href={r.sourceUrl} target="_blank" rel="noreferrer noopener" className="text-flax-700 underline">
            Original recipe
          </a>
        </p>
      ) : null}
      <div className="mx-4 mt-6">
        <Button
          variant="secondary"
          onClick={async () => {
            await deleteRecipe(r.id);
            queryClient.removeQueries({ queryKey: [MEALS_KEYS.recipes, r.id] });
            await refreshMeals('recipes', 'meals');
            navigate('/w/meals/recipes');
          }}
        >
          Delete recipe
        </Button>
      </div>
    </article>
  );
}
