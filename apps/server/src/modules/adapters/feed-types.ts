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
  /** Quantity steps; only written for items sold by weight (kg). */
  minimumQuantity?: number;
  minimumIncrement?: number;
  price: number;
  basePrice: number;
  unitPrice?: number;
  unitMeasure?: string;
  promotionType: number;
  multibuy?: { quantity: number; price: number };
  imageUrl?: string;
  category?: string;
  observedAt: string;
}

export type Chain = FeedPriceLine['chain'];

/** Dollars as the chains' JSON gives them (4.5) to whole cents (450). */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** Quantity steps as the feed carries them: kilograms, rounded off float noise (0.1 + 0.2). */
export const kg = (value: number) => Math.round(value * 1000) / 1000;
