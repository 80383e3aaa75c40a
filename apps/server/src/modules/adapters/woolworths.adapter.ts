// A Woolworths NZ online-shop product (GET /api/v1/products, items of type "Product") -> a feed
// line. Shapes from real answers (shared/data/real-api-samples, neon-ninja/woolies, JavaGT/
// nz-grocery-prices); the rules are in docs/data-feed.md. Prices are dollars.
import { PromotionType, toGtin13 } from '@kete/shared';
import { type FeedPriceLine, kg, toCents } from './feed-types.js';

export interface WoolworthsItem {
  type: string;
  sku: string;
  barcode?: string | null;
  name: string;
  brand?: string | null;
  unit?: string | null;
  departments?: { id: number; name: string }[] | null;
  price: {
    originalPrice: number;
    salePrice: number;
    savePrice?: number | null;
    canShowSavings?: boolean | null;
    isClubPrice?: boolean | null;
    isSpecial?: boolean | null;
  };
  images?: { small?: string | null; big?: string | null } | null;
  quantity?: { min?: number | null; max?: number | null; increment?: number | null } | null;
  size?: {
    cupPrice?: number | null;
    cupListPrice?: number | null;
    cupMeasure?: string | null;
    packageType?: string | null;
    volumeSize?: string | null;
  } | null;
  productTag?: {
    tagType?: string | null;
    multiBuy?: { quantity: number; value: number } | null;
  } | null;
}

/** The table in docs/data-feed.md. A club price also sets isSpecial, so it is checked first. */
export function woolworthsPromotion(item: WoolworthsItem): number {
  const tag = item.productTag?.tagType;
  if (item.price.isClubPrice || tag === 'IsClubPrice') return PromotionType.WoolworthsClubPrice;
  if (item.price.isSpecial || tag === 'IsSpecial') return PromotionType.WoolworthsSpecial;
  if (tag === 'IsGreatPrice') return PromotionType.NewPrice;
  return PromotionType.None;
}

export function woolworthsLine(
  item: WoolworthsItem,
  store: string,
  observedAt: string,
  department?: string,
): FeedPriceLine | null {
  // Promotion tiles and other non-products share the list.
  if (item.type !== 'Product' || !item.sku) return null;
  // An item without a price (not sold online at this store right now) says nothing about its price.
  if (!(typeof item.price?.salePrice === 'number' && item.price.salePrice > 0)) return null;
  const price = toCents(item.price.salePrice);
  const promotionType = woolworthsPromotion(item);
  // The shop sometimes sells below originalPrice without calling it a saving (canShowSavings false,
  // no special): it shows one price, so that price is also the usual one. Otherwise the shelf price.
  const showsSaving = promotionType > PromotionType.NewPrice || item.price.canShowSavings !== false;
  const basePrice = showsSaving ? Math.max(price, toCents(item.price.originalPrice)) : price;
  const weight = item.unit?.toLowerCase() === 'kg';
  const multiBuy = item.productTag?.multiBuy;
  const barcode = toGtin13(item.barcode);
  const size = item.size?.volumeSize?.trim() || (weight ? 'per kg' : null);
  const category = item.departments?.[0]?.name ?? department;
  const min = item.quantity?.min;
  const step = item.quantity?.increment;
  return {
    chain: 'woolworths',
    store,
    productKey: String(item.sku),
    ...(barcode ? { barcode } : {}),
    name: item.name,
    brand: item.brand || null,
    size,
    saleType: weight ? 'weight' : 'unit',
    // Loose produce is sold in the item's own steps (bananas from 0.25 kg, carrots by 0.1 kg).
    ...(weight && min && min > 0 ? { minimumQuantity: kg(min) } : {}),
    ...(weight && step && step > 0 ? { minimumIncrement: kg(step) } : {}),
    price,
    basePrice,
    ...(item.size?.cupPrice && item.size.cupMeasure
      ? { unitPrice: toCents(item.size.cupPrice), unitMeasure: item.size.cupMeasure }
      : {}),
    promotionType,
    ...(multiBuy && multiBuy.quantity > 1
      ? { multibuy: { quantity: multiBuy.quantity, price: toCents(multiBuy.value) } }
      : {}),
    ...(item.images?.big ? { imageUrl: item.images.big } : {}),
    ...(category ? { category } : {}),
    observedAt,
  };
}
