// Amounts in a recipe and in a pack, in one base unit per kind: grams, millilitres or each.
// Kitchen measures are New Zealand metric: tsp 5 ml, tbsp 15 ml, cup 250 ml.

export type UnitKind = 'mass' | 'volume' | 'count';

/** An amount in its kind's base unit (g, ml or each). */
export interface Amount {
  value: number;
  kind: UnitKind;
}

/** The units a parsed ingredient line may carry, as the API names them. */
export const RECIPE_UNITS = ['g', 'kg', 'ml', 'l', 'tsp', 'tbsp', 'cup', 'each'] as const;
export type RecipeUnit = (typeof RECIPE_UNITS)[number];

export const unitSize: Record<RecipeUnit, Amount> = {
  g: { value: 1, kind: 'mass' },
  kg: { value: 1000, kind: 'mass' },
  ml: { value: 1, kind: 'volume' },
  l: { value: 1000, kind: 'volume' },
  tsp: { value: 5, kind: 'volume' },
  tbsp: { value: 15, kind: 'volume' },
  cup: { value: 250, kind: 'volume' },
  each: { value: 1, kind: 'count' },
};

export const amountOf = (quantity: number, unit: RecipeUnit): Amount => {
  const size = unitSize[unit];
  return { value: quantity * size.value, kind: size.kind };
};

/** Grams per millilitre for foods a recipe measures by volume but a shop sells by weight. */
const densities: [RegExp, number][] = [
  [/\b(flour|cornflour|icing sugar|cocoa)\b/, 0.6],
  [/\b(brown sugar)\b/, 0.8],
  [/\b(sugar|caster)\b/, 0.9],
  [/\b(rice|lentils?|quinoa|couscous)\b/, 0.8],
  [/\b(oats|rolled oats)\b/, 0.36],
  [/\b(butter|margarine)\b/, 0.95],
  [/\b(honey|golden syrup|maple syrup)\b/, 1.4],
  [/\b(cheese|parmesan)\b/, 0.4],
  [/\b(yoghurt|yogurt|sour cream|cream cheese|peanut butter|tomato paste)\b/, 1.05],
  [/\b(peas|corn|frozen|vegetables?|berry|berries|blueberries|raspberries)\b/, 0.6],
  [/\b(salt)\b/, 1.2],
  [/\b(coconut|desiccated)\b/, 0.35],
  [/\b(oil)\b/, 0.92],
  // Leaves loosely packed: a cup of rocket or spinach is about 20 g, of herbs about 15 g.
  [/\b(rocket|spinach|lettuce|salad|kale|watercress|mesclun)\b/, 0.08],
  [/\b(coriander|parsley|basil|mint|dill|chives)\b/, 0.06],
  [/\b(breadcrumbs|panko)\b/, 0.25],
  [/\b(nuts|almonds|walnuts|cashews|peanuts|pecans|chocolate chips|sultanas|raisins)\b/, 0.55],
  [/\b(chickpeas|beans)\b/, 0.7],
  [/\b(milk|cream|water|stock|juice|sauce|vinegar|wine)\b/, 1],
];

/** Typical weight in grams of one of something sold loose by the kilogram. */
const eachWeights: [RegExp, number][] = [
  [/\bgarlic\b/, 50],
  [/\bonions?\b/, 150],
  [/\bshallots?\b/, 40],
  [/\bcarrots?\b/, 120],
  [/\b(potato|potatoes)\b/, 200],
  [/\bkumara\b/, 300],
  [/\b(tomato|tomatoes)\b/, 120],
  [/\bcapsicums?\b/, 200],
  [/\bcourgettes?\b/, 200],
  [/\bcucumbers?\b/, 400],
  [/\bbroccoli\b/, 350],
  [/\bcauliflower\b/, 1000],
  [/\bcabbage\b/, 1500],
  [/\bpumpkin\b/, 1500],
  [/\blettuce\b/, 500],
  [/\bavocados?\b/, 200],
  [/\blemons?\b/, 120],
  [/\blimes?\b/, 70],
  [/\boranges?\b/, 200],
  [/\bapples?\b/, 180],
  [/\bpears?\b/, 180],
  [/\bbananas?\b/, 150],
  [/\bkiwifruit\b/, 100],
  [/\bmushrooms?\b/, 20],
  [/\bginger\b/, 30],
  [/\bchill(i|ies)\b/, 10],
  [/\bleeks?\b/, 300],
  [/\bcelery\b/, 60],
  [/\bchicken breasts?\b/, 200],
  [/\bchicken thighs?\b/, 120],
  [/\bsausages?\b/, 80],
  [/\bmandarins?\b/, 100],
  [/\b(bread|loaf)\b/, 700],
  [/\bspinach\b/, 30],
];

const lookup = (table: [RegExp, number][], name: string) =>
  table.find(([pattern]) => pattern.test(name.toLowerCase()))?.[1];

/**
 * The amount in `kind`'s base unit, converting by the food's density or typical weight when the
 * kinds differ; null when there is no honest conversion (the ingredient then stays unpriced).
 */
export function convertAmount(amount: Amount, kind: UnitKind, name: string): number | null {
  if (amount.kind === kind) return amount.value;
  if (amount.kind === 'volume' && kind === 'mass') {
    const density = lookup(densities, name);
    return density === undefined ? null : amount.value * density;
  }
  if (amount.kind === 'mass' && kind === 'volume') {
    const density = lookup(densities, name);
    return density === undefined ? null : amount.value / density;
  }
  if (amount.kind === 'count' && kind === 'mass') {
    const weight = lookup(eachWeights, name);
    return weight === undefined ? null : amount.value * weight;
  }
  if (amount.kind === 'mass' && kind === 'count') {
    const weight = lookup(eachWeights, name);
    return weight === undefined ? null : amount.value / weight;
  }
  return null;
}

/** What one pack of a product holds, read from its display units ("2L", "500g", "6 pack", "per kg"). */
export interface PackAmount {
  /** The pack's amount in base units; for loose products, 1000 (g per kg). */
  amount: Amount;
  /** Sold by weight: quantities on the list are kg, and the price is per kg. */
  loose: boolean;
}

const packUnits: Record<string, { factor: number; kind: UnitKind }> = {
  g: { factor: 1, kind: 'mass' },
  gm: { factor: 1, kind: 'mass' },
  kg: { factor: 1000, kind: 'mass' },
  ml: { factor: 1, kind: 'volume' },
  l: { factor: 1000, kind: 'volume' },
  ltr: { factor: 1000, kind: 'volume' },
  ea: { factor: 1, kind: 'count' },
  each: { factor: 1, kind: 'count' },
  pk: { factor: 1, kind: 'count' },
  pack: { factor: 1, kind: 'count' },
  pieces: { factor: 1, kind: 'count' },
};

export function packAmount(product: { displayUnits: string | null; saleType: number }): PackAmount | null {
  if (product.saleType === 1) return { amount: { value: 1000, kind: 'mass' }, loose: true };
  const text = (product.displayUnits ?? '').trim().toLowerCase();
  if (text === '') return { amount: { value: 1, kind: 'count' }, loose: false };
  if (/^per\s*kg$/.test(text)) return { amount: { value: 1000, kind: 'mass' }, loose: true };
  // 'each', 'ea', 'pack': one.
  if (/^(each|ea|pack|pk|unit)$/.test(text)) return { amount: { value: 1, kind: 'count' }, loose: false };
  // "4 x 100g", "6 x 330ml"
  const multi = /^(\d+)\s*[x×]\s*(\d+(?:\.\d+)?)\s*([a-z]+)$/.exec(text);
  const single = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/.exec(text);
  const [count, size, word] = multi
    ? [Number(multi[1]), Number(multi[2]), multi[3]]
    : single
      ? [1, Number(single[1]), single[2]]
      : [0, 0, ''];
  const unit = packUnits[word ?? ''];
  if (!unit || !(size > 0) || !(count > 0)) return null;
  return { amount: { value: count * size * unit.factor, kind: unit.kind }, loose: false };
}
