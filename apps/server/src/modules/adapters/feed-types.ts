// The feed line an adapter writes (docs/data-feed.md). Money is cents.
export interface FeedPriceLine {
  chain: 'newworld' | 'paknsave' | 'woolworths';
  store: string;
  productKey: string;
  barcode?: string;
  name: string;
  brand: string | null;
  size: string | null;
  saleType: 'unit' | 'weight';
  price: number;
  basePrice: number;
  unitPrice?: number;
  unitMeasure?: string;
  promotionType: number;
  multibuy?: { quantity: number; price: number };
  observedAt: string;
}

/** Dollars as the chains' JSON gives them (4.5) to whole cents (450). */
export const toCents = (dollars: number) => Math.round(dollars * 100);
