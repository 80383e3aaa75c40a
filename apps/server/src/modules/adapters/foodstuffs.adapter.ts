// A Foodstuffs (New World, Pak'nSave) online-shop product, as the web "edge" search answers it
// (POST /v1/edge/search/paginated/products; shared/data/real-api-samples) -> a feed line. Prices
// are cents; there is no barcode. The rules are in docs/data-feed.md.
import { PromotionType } from '@kete/shared';
import { type FeedPriceLine, kg } from './feed-types.js';

export interface FoodstuffsComparativePrice {
  pricePerUnit: number;
  unitQuantity: number;
  unitQuantityUom: string;
  measureDescription?: string;
}

export interface FoodstuffsPromotion {
  promoId?: string;
  rewardValue: number;
  rewardType?: string;
  sapType?: string;
  threshold?: number;
  limit?: number;
  multiProducts?: boolean;
  cardDependencyFlag?: boolean;
  bestPromotion?: boolean;
  comparativePrice?: FoodstuffsComparativePrice | null;
}

export interface FoodstuffsProduct {
  productId: string;
  brand?: string | null;
  name: string;
  displayName?: string | null;
  saleType: 'UNITS' | 'WEIGHT' | 'BOTH';
  variableWeight?: {
    unitOfMeasure?: string;
    averageWeight?: number;
    minOrderQuantity?: number;
    stepSize?: number;
    stepUnitOfMeasure?: string;
  } | null;
  singlePrice: { price: number; promoId?: string; comparativePrice?: FoodstuffsComparativePrice | null };
  promotions?: FoodstuffsPromotion[] | null;
  categoryTrees?: { level0?: string; level1?: string; level2?: string }[] | null;
}

export type FoodstuffsChain = 'newworld' | 'paknsave';

/** Where the sites load product pictures from (the search answer carries no address). */
export const foodstuffsImageUrl = (productId: string) =>
  `https://a.fsimg.co.nz/product/retail/fan/image/200x200/${productId.split('-')[0]}.png`;

/** Loose produce has a -KGM- product id and is priced per kilogram. */
export const isPerKg = (p: FoodstuffsProduct) =>
  p.saleType === 'WEIGHT' || (p.saleType === 'BOTH' && p.productId.includes('-KGM-'));

/** A promotion's kind (docs/data-feed.md). Pak'nSave has no club card: all its deals are Extra Low. */
export function foodstuffsPromotion(chain: FoodstuffsChain, promotion: FoodstuffsPromotion): number {
  if (promotion.sapType === 'BASE') return PromotionType.NewPrice;
  if (chain === 'paknsave') return PromotionType.PakNSaveExtraLow;
  return promotion.cardDependencyFlag ? PromotionType.NewWorldClubCard : PromotionType.NewWorldSuperSpecial;
}

const toKg = (value: number, unit: string | undefined) =>
  kg(unit?.toLowerCase() === 'g' ? value / 1000 : value);

const unitOf = (c: FoodstuffsComparativePrice | null | undefined) =>
  c && c.pricePerUnit > 0
    ? { unitPrice: c.pricePerUnit, unitMeasure: `${c.unitQuantity}${c.unitQuantityUom}` }
    : {};

export function foodstuffsLine(
  chain: FoodstuffsChain,
  product: FoodstuffsProduct,
  store: string,
  observedAt: string,
  listedUnder?: string,
): FeedPriceLine | null {
  const shelf = product.singlePrice?.price;
  // A product without a price (not sold at this store right now) says nothing about its price.
  if (!(typeof shelf === 'number' && shelf > 0)) return null;
  const promotions = product.promotions ?? [];
  const best = promotions.find((p) => p.bestPromotion) ?? promotions[0];
  const multibuy = best !== undefined && (best.threshold ?? 1) > 1;
  // A single-item promotion is the price; a multibuy ("4 for $3") keeps the shelf price for one.
  // Pak'nSave's BASE "promotion" is its everyday price: the price, with no saving claimed.
  const everyday = best?.sapType === 'BASE';
  const price = best && !multibuy ? Math.min(best.rewardValue, shelf) : shelf;
  const basePrice = everyday ? price : shelf;
  const weight = isPerKg(product);
  const steps = product.variableWeight;
  const comparative =
    best && !multibuy ? (best.comparativePrice ?? product.singlePrice.comparativePrice) : null;
  const category = product.categoryTrees?.[0]?.level0 ?? listedUnder;
  return {
    chain,
    store,
    productKey: product.productId,
    name: product.name,
    brand: product.brand && product.brand !== 'None' ? product.brand : null,
    size: weight ? 'per kg' : product.displayName || null,
    saleType: weight ? 'weight' : 'unit',
    // variableWeight steps are grams ("from 200 g in 100 g steps"); the feed's are kilograms.
    ...(weight && steps?.minOrderQuantity
      ? { minimumQuantity: toKg(steps.minOrderQuantity, steps.unitOfMeasure) }
      : {}),
    ...(weight && steps?.stepSize ? { minimumIncrement: toKg(steps.stepSize, steps.stepUnitOfMeasure) } : {}),
    price,
    basePrice,
    ...unitOf(comparative ?? product.singlePrice.comparativePrice),
    promotionType: best ? foodstuffsPromotion(chain, best) : PromotionType.None,
    ...(best && multibuy ? { multibuy: { quantity: best.threshold ?? 2, price: best.rewardValue } } : {}),
    imageUrl: foodstuffsImageUrl(product.productId),
    ...(category ? { category } : {}),
    observedAt,
  };
}
