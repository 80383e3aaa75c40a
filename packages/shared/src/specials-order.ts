// 'Biggest saving first' for a store's specials (issue 37 item 1): a special the price history
// rates 'Usual price' or 'No real saving' saves nothing a shopper would notice, whatever its
// ticket says, so it goes after every real one; within each group the bigger saving comes first.
import type { DealRating } from './api.js';

/** Ratings whose "saving" is not a real one. */
export const NO_REAL_SAVING: readonly DealRating[] = ['usual', 'none'];

/** 0 for a real (or not yet rated) special, 1 for one rated as no real saving. */
export function specialRank(dealRating: DealRating | null | undefined): 0 | 1 {
  return dealRating != null && NO_REAL_SAVING.includes(dealRating) ? 1 : 0;
}

export interface RankedSpecial {
  productId: number;
  saving: number;
  dealRating: DealRating | null | undefined;
}

/** The specials list's order: real savings first, then bigger saving, then product id. */
export function compareSpecials(a: RankedSpecial, b: RankedSpecial): number {
  return (
    specialRank(a.dealRating) - specialRank(b.dealRating) || b.saving - a.saving || a.productId - b.productId
  );
}
