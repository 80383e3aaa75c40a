// One line of the NDJSON feed (docs/data-feed.md), checked by hand rather than with zod: the
// ingest reads ~10M of them and a schema library costs several microseconds a line.
import { PromotionType, StoreType, toGtin13 } from '@kete/shared';

export const chainCodes: Record<string, StoreType> = {
  newworld: StoreType.NewWorld,
  paknsave: StoreType.PakNSave,
  woolworths: StoreType.Woolworths,
};

/** Which promotion kinds each chain has (None and NewPrice belong to every chain). */
const chainPromotions: Record<StoreType, number[]> = {
  [StoreType.NewWorld]: [PromotionType.NewWorldClubCard, PromotionType.NewWorldSuperSpecial],
  [StoreType.PakNSave]: [PromotionType.PakNSaveExtraLow],
  [StoreType.Woolworths]: [PromotionType.WoolworthsSpecial, PromotionType.WoolworthsClubPrice],
};

interface Where {
  chain: StoreType;
  store: string;
  productKey: string;
  observedAt: number;
}

export interface PriceObservation extends Where {
  kind: 'price';
  barcode: string | null;
  name: string;
  brand: string | null;
  size: string | null;
  saleType: 0 | 1;
  minimumQuantity: number;
  minimumIncrement: number;
  imageUrl: string | null;
  category: string | null;
  price: number;
  basePrice: number;
  unitPrice: number | null;
  unitMeasure: string | null;
  promotionType: number;
  multibuyQuantity: number | null;
  multibuyPrice: number | null;
}

export interface Delisting extends Where {
  kind: 'delisted';
}

/** The feed listed everything the store sells: what it did not list since `since` is delisted. */
export interface ListingComplete {
  kind: 'listingComplete';
  chain: StoreType;
  store: string;
  since: number;
  observedAt: number;
}

export type FeedLine = PriceObservation | Delisting | ListingComplete;

export class BadLine extends Error {}

/** A feed line longer than this is refused before it is parsed (the longest real one is ~2 KB). */
export const MAX_FEED_LINE_LENGTH = 16 * 1024;

/** Own keys only: "constructor" or "__proto__" must be a bad chain, not Object's prototype. */
const chainOf = (value: unknown): StoreType | undefined => {
  const key = String(value);
  return Object.hasOwn(chainCodes, key) ? chainCodes[key] : undefined;
};

type Json = Record<string, unknown>;

function text(o: Json, field: string, max = 500): string {
  const v = o[field];
  if (typeof v === 'number' && field !== 'name') return String(v);
  if (typeof v !== 'string' || v.trim() === '') throw new BadLine(`${field} is required`);
  if (v.length > max) throw new BadLine(`${field} is longer than ${max} characters`);
  return v.trim();
}

function optionalText(o: Json, field: string, max = 500): string | null {
  const v = o[field];
  if (v === undefined || v === null || v === '') return null;
  return text(o, field, max);
}

function cents(o: Json, field: string): number {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 100_000_000) {
    throw new BadLine(`${field} must be a whole number of cents`);
  }
  return v;
}

const optionalCents = (o: Json, field: string) => (o[field] == null ? null : cents(o, field));

function time(o: Json, field: string): number {
  const v = o[field];
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms) || ms < 946_684_800_000) {
    throw new BadLine(`${field} must be an ISO 8601 time or epoch milliseconds`);
  }
  return Math.trunc(ms);
}

function positive(o: Json, field: string, fallback: number): number {
  const v = o[field];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !(v > 0) || v > 1000) throw new BadLine(`${field} must be a positive number`);
  return v;
}

function where(o: Json): Where {
  const chain = chainOf(o.chain);
  if (!chain) throw new BadLine('chain must be newworld, paknsave or woolworths');
  return {
    chain,
    store: text(o, 'store', 100),
    productKey: text(o, 'productKey', 100),
    observedAt: time(o, 'observedAt'),
  };
}

function promotion(o: Json, chain: StoreType): number {
  const v = o.promotionType ?? 0;
  const allowed =
    v === PromotionType.None || v === PromotionType.NewPrice || chainPromotions[chain].includes(v as number);
  if (typeof v !== 'number' || !allowed)
    throw new BadLine(`promotionType ${String(v)} is not one of this chain's`);
  return v;
}

function multibuy(o: Json): { quantity: number | null; price: number | null } {
  const m = o.multibuy;
  if (m === undefined || m === null) return { quantity: null, price: null };
  const q = (m as Json).quantity;
  if (typeof m !== 'object' || typeof q !== 'number' || !Number.isInteger(q) || q < 2 || q > 100) {
    throw new BadLine('multibuy must be {quantity (2 or more), price (cents)}');
  }
  return { quantity: q, price: cents(m as Json, 'price') };
}

function observation(o: Json): PriceObservation {
  const at = where(o);
  const sent = optionalText(o, 'barcode', 20);
  if (sent !== null && !/^\d{6,14}$/.test(sent)) throw new BadLine('barcode must be 6 to 14 digits');
  // Whatever the source, the barcode is keyed as the Woolworths adapter keys it (one function,
  // toGtin13; issue 45): an 11- or 12-digit code meets the same pack scanned as GTIN-13. A code that
  // identifies nothing across stores (a wrong check digit, a store's own scale code) is no barcode;
  // the line still loads, keyed by the chain's product key.
  const barcode = toGtin13(sent);
  const saleType = o.saleType ?? 'unit';
  if (saleType !== 'unit' && saleType !== 'weight') throw new BadLine('saleType must be unit or weight');
  const price = cents(o, 'price');
  const basePrice = optionalCents(o, 'basePrice') ?? price;
  if (basePrice < price) throw new BadLine('basePrice is below price');
  const increment = positive(o, 'minimumIncrement', saleType === 'weight' ? 0.1 : 1);
  const deal = multibuy(o);
  return {
    kind: 'price',
    ...at,
    barcode,
    name: text(o, 'name'),
    brand: optionalText(o, 'brand', 200),
    size: optionalText(o, 'size', 100),
    saleType: saleType === 'weight' ? 1 : 0,
    minimumQuantity: positive(o, 'minimumQuantity', increment),
    minimumIncrement: increment,
    imageUrl: optionalText(o, 'imageUrl', 1000),
    category: optionalText(o, 'category', 100),
    price,
    basePrice,
    unitPrice: optionalCents(o, 'unitPrice'),
    unitMeasure: optionalText(o, 'unitMeasure', 50),
    promotionType: promotion(o, at.chain),
    multibuyQuantity: deal.quantity,
    multibuyPrice: deal.price,
  };
}

/** Parses one line; throws BadLine with the reason a person can act on. */
export function parseFeedLine(line: string): FeedLine {
  if (line.length > MAX_FEED_LINE_LENGTH) {
    throw new BadLine(`longer than ${MAX_FEED_LINE_LENGTH} characters`);
  }
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    throw new BadLine('not valid JSON');
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) throw new BadLine('not a JSON object');
  const json = o as Json;
  if (json.delisted === true) return { kind: 'delisted', ...where(json) };
  if (json.listingComplete === true) {
    const chain = chainOf(json.chain);
    if (!chain) throw new BadLine('chain must be newworld, paknsave or woolworths');
    return {
      kind: 'listingComplete',
      chain,
      store: text(json, 'store', 100),
      since: time(json, 'since'),
      observedAt: time(json, 'observedAt'),
    };
  }
  return observation(json);
}
