// The verdict on a special as a short badge and the reason behind it (issue 12, item 3). The
// server decides the rating (packages/shared, docs/decisions/0008); this only words it, so the
// badge never disagrees with the rule. Pure, so every wording is unit-tested.
import { type DealRating, formatMoney, type Price } from '@kete/shared';

/** 'calm': Kete does not know (a special too new to judge), neither praise nor warning. */
export type VerdictTone = 'good' | 'warn' | 'calm';

export interface Verdict {
  rating: DealRating;
  /** The short badge: 'Great price', 'Real saving $1.20', 'Usual price', 'No real saving',
   * 'New to Kete'. */
  label: string;
  /** One sentence saying why, shown one tap away. */
  reason: string;
  /** 'good' for a saving worth having, 'warn' for a "special" that is not one. */
  tone: VerdictTone;
}

type Rated = Pick<Price, 'price' | 'priorPrice' | 'usualPrice' | 'lowest365' | 'dealRating'>;

/** The badge for one store's price, or null when it is not on promotion (no rating). */
export function verdictOf(price: Rated): Verdict | null {
  const rating = price.dealRating ?? null;
  if (rating === null) return null;
  const now = formatMoney(price.price);
  const prior = price.priorPrice ?? null;
  const usual = price.usualPrice ?? null;
  const low = price.lowest365 ?? null;
  switch (rating) {
    case 'great':
      return {
        rating,
        label: 'Great price',
        tone: 'good',
        reason:
          `${now} is at or near the lowest price here in a year` +
          (low !== null ? ` (${formatMoney(low)})` : '') +
          (usual !== null ? ` and below the usual ${formatMoney(usual)}.` : '.'),
      };
    case 'genuine': {
      const saving = prior !== null ? prior - price.price : null;
      return {
        rating,
        label: saving !== null && saving > 0 ? `Real saving ${formatMoney(saving)}` : 'Real saving',
        tone: 'good',
        reason:
          prior !== null
            ? `${now} is below ${formatMoney(prior)}, the lowest price here in the 30 days before the special.`
            : `${now} is below the lowest price here in the 30 days before the special.`,
      };
    }
    case 'usual':
      return {
        rating,
        label: 'Usual price',
        tone: 'warn',
        reason:
          'This has been on special here on most days of the last 90, so the special price is the usual price.',
      };
    case 'none':
      return {
        rating,
        label: 'No real saving',
        tone: 'warn',
        reason:
          prior !== null
            ? `${now} is not below ${formatMoney(prior)}, the lowest price here in the 30 days before the special.`
            : 'The special is not below the lowest price here in the 30 days before it started.',
      };
    case 'unknown':
      // Issue 33: a special whose price before it is not known is not called 'no real saving'.
      return {
        rating,
        label: 'New to Kete',
        tone: 'calm',
        reason: 'New to Kete: not enough history to judge.',
      };
  }
}

const rank: Record<DealRating, number> = { great: 0, genuine: 1, unknown: 2, usual: 3, none: 4 };

/**
 * A row's badge: the verdict on the price the row shows (the lowest), so a row never praises a
 * special at a dearer store. Stores tied at the lowest price: the best verdict, since the shopper
 * can buy at that price where it is a real saving.
 */
export function rowVerdict(prices: readonly Rated[]): Verdict | null {
  if (prices.length === 0) return null;
  const lowest = Math.min(...prices.map((p) => p.price));
  const verdicts = prices
    .filter((p) => p.price === lowest)
    .map(verdictOf)
    .filter((v): v is Verdict => v !== null)
    .sort((a, b) => rank[a.rating] - rank[b.rating]);
  return verdicts[0] ?? null;
}
