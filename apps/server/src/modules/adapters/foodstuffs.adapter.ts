// Foodstuffs (New World and Pak'nSave share it) product search -> feed lines.
// Answers {page, hitsPerPage, totalHits, totalPages, products: [...]}; prices are cents; no barcode.
import { PromotionType } from '@kete/shared';
import type { FeedPriceLine } from './feed-types.js';

export interface FoodstuffsPromotion {
  rewardValue: number;
  rewardType?: string;
  threshold?: number;
  multiProducts?: boolean;
  cardDependencyFlag?: boolean;
  bestPromotion?: boolean;
}

export interface FoodstuffsProduct {
  productId: string;
  brand?: string | null;
  name: string;
  displayName?: string | null;
  saleType: 'UNITS' | 'WEIGHT' | 'BOTH';
  singlePrice: {
    price: number;
    comparativePrice?: {
      pricePerUnit: number;
      unitQuantity: number;
      unitQuantityUom: string;
      measureDescription?: string;
    } | null;
  };
  promotions?: FoodstuffsPromotion[] | null;
}

export interface FoodstuffsPage {
  page: number;
  hitsPerPage: number;
  totalHits: number;
  totalPages: number;
  products: FoodstuffsProduct[];
}

export type FoodstuffsChain = 'newworld' | 'paknsave';

/** The table in docs/data-feed.md: Pak'nSave promotions are Extra Low; New World's are Clubcard
 * prices when they need the card, otherwise specials. */
export function foodstuffsPromotion(chain: FoodstuffsChain, promotion: FoodstuffsPromotion): number {
  if (chain === 'paknsave') return PromotionType.PakNSaveExtraLow;
  return promotion.cardDependencyFlag ? PromotionType.NewWorldClubCard : PromotionType.NewWorldSuperSpecial;
}

export function foodstuffsLine(
  chain: FoodstuffsChain,
  product: FoodstuffsProduct,
  store: string,
  observedAt: string,
): FeedPriceLine {
  const shelf = product.singlePrice.price;
  const promotions = product.promotions ?? [];
  const best = promotions.find((p) => p.bestPromotion) ?? promotions[0];
  const comparative = product.singlePrice.comparativePrice;
  const isMultibuy = best !== undefined && (best.threshold ?? 1) > 1;
  // A single-item promotion is the price; a multibuy ("2 for $5") keeps the shelf price.
  const price = best && !isMultibuy ? Math.min(best.rewardValue, shelf) : shelf;
  return {
    chain,
    store,
    productKey: product.productId,
    name: product.name,
    brand: product.brand || null,
    size: product.displayName || null,
    saleType: product.saleType === 'WEIGHT' ? 'weight' : 'unit',
    price,
    basePrice: shelf,
    ...(comparative
      ? {
          unitPrice: comparative.pricePerUnit,
          unitMeasure: `${comparative.unitQuantity}${comparative.unitQuantityUom}`,
        }
      : {}),
    promotionType: best ? foodstuffsPromotion(chain, best) : PromotionType.None,
    ...(best && isMultibuy ? { multibuy: { quantity: best.threshold ?? 2, price: best.rewardValue } } : {}),
    observedAt,
  };
}
