// /w/meals/recipes/new: a recipe from pasted text or a page's address, read by the server into a
// draft with its cost; the shopper corrects the name, servings and lines, and saves it.
import type { RecipeDraft } from '@kete/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.js';
import { pricedWords } from './cost-words.js';
import { IngredientRows } from './ingredient-rows.js';
import { importRecipe, refreshMeals, saveRecipe } from './meals-api.js';
import { ErrorText, money, RecipeHeader } from './meals-parts.js';

const field = 'min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 py-2';

export function ImportScreen() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'text' | 'url'>('text');
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [draft, setDraft] = useState<RecipeDraft | null>(null);
  const [name, setName] = useState('');
  const [servings, setServings] = useState(4);
  const [lines, setLines] = useState('');
  const [error, setError] = useState<unknown>(null);

  const read = async () => {
    setError(null);
    try {
      const found = await importRecipe(mode === 'text' ? { text } : { url });
      setDraft(found);
      setName(found.name);
      setServings(found.servings);
      setLines(found.ingredients.join('\n'));
    } catch (caught) {
      setError(caught);
    }
  };

  const save = async () => {
    if (!draft) return;
    setError(null);
    try {
      const saved = await saveRecipe({
        name,
        servings,
        ingredients: lines.split('\n'),
        method: draft.method,
        sourceUrl: draft.sourceUrl,
        imageUrl: draft.imageUrl,
      });
      await refreshMeals('recipes');
      navigate(`/w/meals/recipes/${saved.id}`);
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <div className="pb-8">
      <RecipeHeader title="Add a recipe" />
      {draft === null ? (
        <section className="mx-4 flex flex-col gap-3">
          <div className="flex gap-1 rounded-xl bg-stone-100 p-1" role="tablist">
            {(['text', 'url'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={mode === m}
                onClick={() => setMode(m)}
                className={`min-h-10 flex-1 rounded-lg text-sm font-semibold ${mode === m ? 'bg-white shadow-sm' : 'text-stone-600'}`}
              >
                {m === 'text' ? 'Paste the recipe' : 'Web address'}
              </button>
            ))}
          </div>
          {mode === 'text' ? (
            <label className="flex flex-col gap-1 font-semibold">
              Recipe text
              <textarea
                value={text}
                onChange={(event) => setText(event.target.value)}
                rows={12}
                placeholder={'Title\nServes 4\n500g beef mince\n1 onion, diced\n…\nMethod…'}
                className={`${field} font-normal`}
              />
            </label>
          ) : (
            <label className="flex flex-col gap-1 font-semibold">
              Page address
              <input
                type="url"
                inputMode="url"
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                placeholder="https://"
                className={`${field} font-normal`}
              />
            </label>
          )}
          <Button onClick={read} disabled={mode === 'text' ? !text.trim() : !url.trim()}>
            Read recipe
          </Button>
          <ErrorText error={error} />
        </section>
      ) : (
        <section aria-label="Draft" className="flex flex-col gap-3">
          <p className="mx-4 text-stone-700">Check what was read, then save it.</p>
          <label className="mx-4 flex flex-col gap-1 font-semibold">
            Name
            <input
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={`${field} font-normal`}
            />
          </label>
          <label className="mx-4 flex flex-col gap-1 font-semibold">
            Serves
            <input
              type="number"
              min={1}
              max={100}
              value={servings}
              onChange={(event) => setServings(Number(event.target.value) || 1)}
              className="min-h-11 w-28 rounded-xl border border-stone-300 bg-white px-3 py-2 font-normal"
            />
          </label>
          <label className="mx-4 flex flex-col gap-1 font-semibold">
            Ingredients, one a line
            <textarea
              value={lines}
              onChange={(event) => setLines(event.target.value)}
              rows={Math.min(14, lines.split('\n').length + 1)}
              className={`${field} font-normal`}
            />
          </label>
          <p className="mx-4 text-lg">
            About <strong>{money(draft.cost.total)}</strong> ({money(draft.cost.perServing)} a serving) at
            your stores
            {pricedWords(draft.cost) ? (
              <span className="block text-sm text-stone-700">{pricedWords(draft.cost)}</span>
            ) : null}
          </p>
          <IngredientRows ingredients={draft.parsed} />
          <div className="mx-4 flex gap-2">
            <Button onClick={save}>Save recipe</Button>
            <Button variant="secondary" onClick={() => setDraft(null)}>
              Start again
            </Button>
          </div>
          <ErrorText error={error} />
        </section>
      )}
    </div>
  );
}
