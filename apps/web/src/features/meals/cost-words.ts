// How sure a recipe's cost is, in words (issue 43 item 5): the headline names how many of the
// lines that count are in the price, so a cost missing half its ingredients does not pass as whole.
import type { RecipeCostAnswer } from '@kete/shared';

type Coverage = Pick<RecipeCostAnswer, 'priced' | 'counted'>;

/** '5 of 8 ingredients priced'; '' when no line counts (all to taste, or none). */
export function pricedWords({ priced, counted }: Coverage): string {
  if (counted <= 0) return '';
  return `${priced} of ${counted} ingredient${counted === 1 ? '' : 's'} priced`;
}
