// The demo's products and prices as the ingest's own inputs: a product as the line that describes
// it (for the product resolver), and a store's weeks as a batch of observations (for the price
// writer), so the demo is written through the ingest's bulk statements without a feed to parse.
import { StoreType as Stores, type StoreType } from '@kete/shared';
import { NONE } from '../../ingest/feed-chunk.js';
import type { PriceObservation } from '../../ingest/feed-line.js';
import { Observations } from '../../ingest/price-writer.js';
import type { HistoryTuple } from '../../products/verdict-store.js';
import { demoImageUrl } from './demo-images.js';
import { DEMO_WEEKS, type DemoStore, demoState, productKey, stocks, weekTime } from './demo-prices.js';
import type { DemoProduct } from './demo-products.js';

/** Big stores carry nearly everything: the share of products each store stocks. */
export const DEMO_STOCK_SHARE = 0.92;

/** The chains in the order the ingest takes a product's details from (the lowest first). */
export const DEMO_CHAINS: StoreType[] = [Stores.NewWorld, Stores.PakNSave, Stores.Woolworths];

/** The line that describes a demo product at a chain (its price fields are not used). */
export function demoProductLine(p: DemoProduct, chain: StoreType, observedAt: number): PriceObservation {
  const step = p.byWeight ? 0.1 : 1;
  return {
    kind: 'price',
    chain,
    store: '',
    productKey: productKey(p, chain),
    observedAt,
    barcode: p.barcode,
    name: p.name,
    brand: p.brand,
    size: p.size,
    saleType: p.byWeight ? 1 : 0,
    minimumQuantity: step,
    minimumIncrement: step,
    imageUrl: demoImageUrl(p),
    category: p.category,
    price: 0,
    basePrice: 0,
    unitPrice: null,
    unitMeasure: null,
    promotionType: 0,
    multibuyQuantity: null,
    multibuyPrice: null,
  };
}

export interface DemoStoreWeeks {
  /** Every week of every stocked product, oldest first per product: the price writer's batch. */
  observations: Observations;
  /** The change points among them (what price_history will hold), for the store's verdicts. */
  history: HistoryTuple[];
}

/**
 * A store's twelve weeks of demo prices for these products (given with their ids, in id order).
 * Past weeks are observed as the shop would have been: the writer keeps the change points as
 * history and the last week as the current price.
 */
export function demoStoreWeeks(
  products: { p: DemoProduct; id: number }[],
  store: DemoStore & { id: number },
  day: number,
): DemoStoreWeeks {
  const stocked = products.filter(({ p }) => stocks(p, store, DEMO_STOCK_SHARE));
  const o = new Observations(stocked.length * DEMO_WEEKS);
  const history: HistoryTuple[] = [];
  for (const { p, id } of stocked) {
    let previous = '';
    for (let week = 0; week < DEMO_WEEKS; week++) {
      const state = demoState(p, store, week);
      const at = weekTime(day, week);
      const i = o.count++;
      o.storeId[i] = store.id;
      o.productId[i] = id;
      o.observedAt[i] = at;
      o.gone[i] = 0;
      o.price[i] = state.price;
      o.basePrice[i] = state.basePrice;
      const unit = p.unitAmount && p.unitMeasure ? Math.round(state.price / p.unitAmount) : NONE;
      o.unitPrice[i] = unit;
      o.unitMeasure[i] = unit === NONE ? null : p.unitMeasure;
      o.promotionType[i] = state.promotionType;
      o.multibuyQuantity[i] = state.multibuy?.quantity ?? NONE;
      o.multibuyPrice[i] = state.multibuy?.price ?? NONE;
      // The writer's rule for a history row: price, base price, promotion or multibuy changed.
      const signature = `${state.price}:${state.basePrice}:${state.promotionType}:${state.multibuy?.quantity}:${state.multibuy?.price}`;
      if (signature === previous) continue;
      previous = signature;
      history.push([
        id,
        store.id,
        at,
        state.price,
        state.promotionType,
        state.multibuy?.quantity ?? null,
        state.multibuy?.price ?? null,
      ]);
    }
  }
  return { observations: o, history };
}
