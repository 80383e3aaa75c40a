// What one line of a plan costs at one store: the price a household pays there (club prices only
// with that chain's card) and multibuys when the quantity reaches them. Integer cents.
import { PromotionType, SaleType, StoreType } from '../enums.js';
import type { ClubCard } from '../plan-api.js';

/** A current price, with the multibuy the catalogue stores beside it (prices.multibuy_*). */
export interface PlanOffer {
  storeId: number;
  price: number;
  basePrice: number;
  promotionType: number;
  multibuyQuantity?: number | null;
  multibuyPrice?: number | null;
}

export interface LineCost {
  unitPrice: number;
  lineTotal: number;
  multibuy?: { quantity: number; price: number };
}

/** The chain whose card a club promotion needs (docs/data-feed.md, promotion mapping). */
const clubOf: Partial<Record<number, ClubCard>> = {
  [PromotionType.NewWorldClubCard]: 'newworld',
  [PromotionType.WoolworthsClubPrice]: 'woolworths',
};

/** Club promotions need the chain's card; every other promotion is for everyone. */
export function needsCardMissing(promotionType: number, clubCards: readonly ClubCard[]): boolean {
  if (
    promotionType !== PromotionType.NewWorldClubCard &&
    promotionType !== PromotionType.WoolworthsClubPrice
  ) {
    return false;
  }
  return !clubCards.includes(clubOf[promotionType] as ClubCard);
}

/**
 * The line's cost. Without the card a club promotion falls back to the base price (the feed keeps
 * the non-member price there) and its multibuy is dropped too: Foodstuffs and Woolworths tie a
 * club promotion's multibuy to the card. A multibuy counts in whole groups ("2 for $6" on 5 is two
 * groups and one at the single price), and only when it is cheaper than the single price.
 */
export function lineCost(
  offer: PlanOffer,
  quantity: number,
  saleType: number,
  clubCards: readonly ClubCard[],
): LineCost {
  const unitPrice = needsCardMissing(offer.promotionType, clubCards) ? offer.basePrice : offer.price;
  const lineTotal = lineTotalOf(offer, quantity, saleType, clubCards);
  if (lineTotal === Math.round(unitPrice * quantity)) return { unitPrice, lineTotal };
  return {
    unitPrice,
    lineTotal,
    multibuy: { quantity: offer.multibuyQuantity as number, price: offer.multibuyPrice as number },
  };
}

/** lineCost's total alone, without building objects: the solver prices every offer with it. */
export function lineTotalOf(
  offer: PlanOffer,
  quantity: number,
  saleType: number,
  clubCards: readonly ClubCard[],
): number {
  const cardMissing = needsCardMissing(offer.promotionType, clubCards);
  const unitPrice = cardMissing ? offer.basePrice : offer.price;
  const single = Math.round(unitPrice * quantity);
  const dealQuantity = offer.multibuyQuantity ?? 0;
  if (cardMissing || saleType === SaleType.Weight || dealQuantity < 2 || quantity < dealQuantity)
    return single;
  const units = Math.round(quantity);
  const groups = Math.floor(units / dealQuantity);
  const withDeal = groups * (offer.multibuyPrice ?? 0) + (units - groups * dealQuantity) * unitPrice;
  return Math.min(withDeal, single);
}

/** The store chains that offer each card, for callers that want to say which stores a card helps. */
export const clubCardChains: Record<ClubCard, number> = {
  newworld: StoreType.NewWorld,
  woolworths: StoreType.Woolworths,
};
