// The figures `npm run quality:ingredients` prints are what POST /api/{shortCode}/recipes answers
// (issue 43, "read through the API"): the tuning part of the public corpus, 80 lines a source (a
// recipe's most), saved as recipes; every line comes back, in order, with the quantity, unit and
// name the parser gives, so the scorer's verdicts on the answers equal its verdicts on the parser.
// Held-out lines are not used here: only the bench reads them.
import { parseIngredientLine, RECIPE_MAX_INGREDIENTS, ZRecipe } from '@kete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CorpusLine,
  expectedOf,
  nameF1,
  quantityRight,
  readCorpus,
  unitRight,
} from '../../bench/ingredient-corpus.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { type Shopper, signInShopper } from '../shopping/test/household.js';

let t: TestApp;
let aroha: Shopper;

beforeAll(async () => {
  t = await buildTestApp();
  aroha = await signInShopper(t, 'aroha@example.com');
});
afterAll(() => t.close());

const tuning = readCorpus().filter((line) => line.split === 'tuning');
const sources = [...new Set(tuning.map((line) => line.source))];

/** Right on all three, as the bench counts it. */
const allRight = (label: CorpusLine, got: { quantity: number | null; unit: string | null; name: string }) => {
  const parsed = { ...parseIngredientLine(label.line), ...got } as ReturnType<typeof parseIngredientLine>;
  const expected = expectedOf(label);
  return (
    quantityRight(parsed, expected) && unitRight(parsed, expected) && nameF1(parsed.name, label.name) >= 0.999
  );
};

describe('the public corpus read through POST /recipes', () => {
  it.each(sources)('%s: every line answered as the parser reads it', async (source) => {
    const labels = tuning.filter((line) => line.source === source).slice(0, RECIPE_MAX_INGREDIENTS);
    const res = await aroha.api('POST', '/recipes', {
      name: `Corpus ${source}`,
      servings: 4,
      ingredients: labels.map((label) => label.line),
    });
    expect(res.statusCode).toBe(200);
    const recipe = ZRecipe.parse(res.json());
    expect(recipe.ingredients.map((answer) => answer.line)).toEqual(labels.map((label) => label.line));
    const answered = recipe.ingredients.map(({ quantity, unit, name }) => ({ quantity, unit, name }));
    const parsed = labels.map((label) => {
      const { quantity, unit, name } = parseIngredientLine(label.line);
      return { quantity, unit, name };
    });
    expect(answered).toEqual(parsed);
    // And so the share right through the API is the bench's share.
    const right = labels.filter((label, index) =>
      allRight(label, answered[index] as (typeof answered)[number]),
    );
    const benchRight = labels.filter((label, index) =>
      allRight(label, parsed[index] as (typeof parsed)[number]),
    );
    expect(right.length).toBe(benchRight.length);
    expect(right.length / labels.length).toBeGreaterThan(0.85);
  });

  it('a line longer than 300 characters is cut to 300 and read, as the issue asks; an absurd one is refused', async () => {
    const res = await aroha.api('POST', '/recipes', {
      name: 'Long line',
      servings: 2,
      ingredients: [`1 cup flour ${'x'.repeat(300)}`, '2 eggs'],
    });
    expect(res.statusCode).toBe(200);
    const [flour, eggs] = res.json().ingredients;
    expect(flour.line).toHaveLength(300);
    expect(flour).toMatchObject({ quantity: 1, unit: 'cup' });
    expect(flour.name).toMatch(/^flour/);
    expect(eggs).toMatchObject({ quantity: 2, unit: 'each', name: 'eggs' });

    // The stranger's pasted line (issue 43 item 6): 4,500 characters of fractions is answered.
    const fractions = await aroha.api('POST', '/recipes', {
      name: 'Fraction soup',
      servings: 2,
      ingredients: ['½⅓¼'.repeat(1_500), '1 cup milk'],
    });
    expect(fractions.statusCode).toBe(200);
    expect(fractions.json().ingredients[0].line.length).toBeLessThanOrEqual(300);
    expect(fractions.json().ingredients[1]).toMatchObject({ quantity: 1, unit: 'cup', name: 'milk' });

    const absurd = await aroha.api('POST', '/recipes', {
      name: 'Absurd line',
      servings: 2,
      ingredients: ['x'.repeat(10_001)],
    });
    expect(absurd.statusCode).toBe(400);
    expect(JSON.stringify(absurd.json().errors)).toMatch(/300 characters/);
  });
});
