// /w/meals: the week's plan, Monday to Sunday: each day's recipes with their cost for the servings
// planned, the day's cost and the week's; a recipe added to a day; the week onto the shopping list.
import type { MealDay, ToCartAnswer } from '@kete/shared';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.js';
import { PageHeader } from '../../components/ui/page-header.js';
import { DelayedSpinner } from '../../components/ui/spinner.js';
import { refreshAfterChange } from '../live/refresh-workspace.js';
import { mealPlanQuery, planDay, recipesQuery, refreshMeals, weekToCart } from './meals-api.js';
import { addDays, dayLabel, ErrorText, MealsTabs, mondayOf, money, today } from './meals-parts.js';

/** Products added and lines written on the list as they are (issue 43 item 4). */
const addedCount = (result: ToCartAnswer) => result.added.length + result.written.length;

function DayCard({ day, onChange }: { day: MealDay; onChange(entries: MealDay['entries']): Promise<void> }) {
  const recipes = useQuery(recipesQuery());
  const [adding, setAdding] = useState('');
  const entries = day.entries;
  return (
    <li className="min-w-0 rounded-2xl border border-stone-200 bg-white p-3" aria-label={dayLabel(day.date)}>
      <div className="flex items-baseline justify-between">
        <h2 className="font-bold">{dayLabel(day.date)}</h2>
        <span className="font-semibold">{day.entries.length ? money(day.cost) : ''}</span>
      </div>
      <ul className="mt-1">
        {entries.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a day may hold the same recipe twice; its place is its key
          <li key={`${entry.recipeId}-${index}`} className="flex min-h-10 items-center gap-2">
            <Link
              to={`/w/meals/recipes/${entry.recipeId}`}
              className="min-w-0 flex-1 truncate hover:underline"
            >
              {entry.name}
            </Link>
            <span className="text-sm text-stone-600">×{entry.servings}</span>
            <span className="w-16 text-right text-sm">{money(entry.cost)}</span>
            <Button
              variant="bare"
              aria-label={`Take ${entry.name} off ${dayLabel(day.date)}`}
              className="rounded-full p-2 text-stone-500 hover:bg-stone-100"
              onClick={() => onChange(entries.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {recipes.data?.length ? (
        <div className="mt-2 flex gap-2">
          <select
            aria-label={`Recipe for ${dayLabel(day.date)}`}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
            className="min-h-11 w-0 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-2 text-stone-700"
          >
            <option value="">Add a recipe…</option>
            {recipes.data.map((recipe) => (
              <option key={recipe.id} value={recipe.id}>
                {recipe.name}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={!adding}
            onClick={async () => {
              const recipe = recipes.data.find((r) => r.id === Number(adding));
              if (!recipe) return;
              await onChange([
                ...entries,
                { recipeId: recipe.id, name: recipe.name, servings: recipe.servings, cost: 0, unpriced: 0 },
              ]);
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function WeekScreen() {
  const [monday, setMonday] = useState(() => mondayOf(today()));
  const sunday = addDays(monday, 6);
  const plan = useQuery(mealPlanQuery(monday, sunday));
  const [result, setResult] = useState<ToCartAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);

  const change = async (date: string, entries: MealDay['entries']) => {
    setError(null);
    try {
      await planDay(
        date,
        entries.map((e) => ({ recipeId: e.recipeId, servings: e.servings })),
      );
      await refreshMeals('meals');
    } catch (caught) {
      setError(caught);
    }
  };

  const toCart = async () => {
    setError(null);
    try {
      setResult(await weekToCart(monday, sunday));
      refreshAfterChange('cart');
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <div className="pb-28">
      <PageHeader title="Meals" />
      <MealsTabs />
      <div className="mx-4 mb-3 flex items-center gap-2">
        <Button
          variant="bare"
          aria-label="Previous week"
          className="rounded-full p-2 hover:bg-stone-100"
          onClick={() => setMonday(addDays(monday, -7))}
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </Button>
        <p className="flex-1 text-center font-semibold">
          {dayLabel(monday)} – {dayLabel(sunday)}
        </p>
        <Button
          variant="bare"
          aria-label="Next week"
          className="rounded-full p-2 hover:bg-stone-100"
          onClick={() => setMonday(addDays(monday, 7))}
        >
          <ChevronRight aria-hidden="true" className="size-6" />
        </Button>
      </div>
      {plan.isPending ? <DelayedSpinner /> : null}
      <ErrorText error={plan.error ?? error} />
      {plan.data ? (
        <>
          <div className="mx-4 mb-3 flex items-center justify-between rounded-2xl bg-flax-50 px-4 py-3">
            <span className="font-semibold">This week</span>
            <span className="text-xl font-bold">{money(plan.data.total)}</span>
          </div>
          <div className="mx-4 mb-4 flex flex-col gap-2">
            <Button onClick={toCart} disabled={plan.data.days.every((d) => d.entries.length === 0)}>
              Add the week to the shopping list
            </Button>
            {result ? (
              <div role="status" className="rounded-2xl border border-stone-200 bg-white p-3 text-sm">
                <p className="font-semibold">
                  {addedCount(result)
                    ? `Added ${addedCount(result)} item${addedCount(result) > 1 ? 's' : ''} to the shopping list.`
                    : 'Nothing new to add.'}{' '}
                  <Link to="/w/cart" className="text-flax-700 underline">
                    Open the shopping list
                  </Link>
                </p>
                {result.coveredByPantry.length ? (
                  <p>In the pantry already: {result.coveredByPantry.map((c) => c.name).join(', ')}.</p>
                ) : null}
                {result.written.length ? (
                  <p>
                    On the list as written (no product found): {result.written.map((w) => w.text).join('; ')}.
                  </p>
                ) : null}
                {result.unpriced.length ? (
                  <p>Not added: {result.unpriced.map((u) => u.line).join('; ')}.</p>
                ) : null}
              </div>
            ) : null}
          </div>
          <ul className="mx-4 grid grid-cols-1 gap-3 lg:grid-cols-2">
            {plan.data.days.map((day) => (
              <DayCard key={day.date} day={day} onChange={(entries) => change(day.date, entries)} />
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
