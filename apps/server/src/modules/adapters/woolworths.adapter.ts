// Woolworths NZ online-shop product search -> feed lines.
// GET /api/v1/products?target=search|browse|specials&search=&size=&page= with the header
// x-requested-with: OnlineShopping.WebApp; answers {products: {items: [...], totalItems}}.
import { PromotionType } from '@kete/shared';
import { type FeedPriceLine, toCents } from './feed-types.js';

export interface WoolworthsItem {
  type: string;
  sku: string;
  barcode?: string | null;
  name: string;
  brand?: string | null;
  unit?: string | null;
  price: {
    originalPrice: number;
    salePrice: number;
    savePrice?: number | null;
    isClubPrice?: boolean;
    isSpecial?: boolean;
  };
  size?: {
    cupPrice?: number | null;
    cupListPrice?: number | null;
    cupMeasure?: string | null;
    volumeSize?: string | null;
  };
  productTag?: { tagType?: string | null; multiBuy?: { quantity: number; value: number } | null } | null;
  availabilityStatus?: string;
}

export interface WoolworthsPage {
  products: { items: WoolworthsItem[]; totalItems: number };
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
): FeedPriceLine | null {
  // Promotion tiles and other non-products share the list.
  if (item.type !== 'Product') return null;
  const price = toCents(item.price.salePrice);
  const basePrice = Math.max(price, toCents(item.price.originalPrice));
  const multiBuy = item.productTag?.multiBuy;
  const barcode = item.barcode && /^\d{6,14}$/.test(item.barcode) ? item.barcode : undefined;
  return {
    chain: 'woolworths',
    store,
    productKey: item.sku,
    ...(barcode ? { barcode } : {}),
    name: item.name,
    brand: item.brand || null,
    size: item.size?.volumeSize || null,
    saleType: item.unit?.toLowerCase() === 'kg' ? 'weight' : 'unit',
    price,
    basePrice,
    ...(item.size?.cupPrice && item.size.cupMeasure
      ? { unitPrice: toCents(item.size.cupPrice), unitMeasure: item.size.cupMeasure }
      : {}),
    promotionType: woolworthsPromotion(item),
    ...(multiBuy && multiBuy.quantity > 1
      ? { multibuy: { quantity: multiBuy.quantity, price: toCents(multiBuy.value) } }
      : {}),
    observedAt,
  };
}
