// Comparable unit prices as shoppers read them on the shelf ticket: '$2.49/L', '$12.90/kg',
// '$0.55/ea' (issue 12, item 4). The server normalises every chain's quote to cents per kg, L or
// each; this only picks which one a line shows and words it.
import { formatMoney, type Price, type UnitMeasure } from '@kete/shared';

type WithUnit = Pick<Price, 'price' | 'unitPrice' | 'unitMeasure'>;

/** 249, 'L' -> '$2.49/L'. */
export function formatUnitPrice(cents: number, measure: UnitMeasure): string {
  return `${formatMoney(cents)}/${measure}`;
}

/**
 * The unit price to show under one price, or null when there is none, or when it says nothing the
 * price does not (a single item's price per each is the price itself).
 */
export function unitPriceText(price: WithUnit): string | null {
  const cents = price.unitPrice ?? null;
  const measure = price.unitMeasure ?? null;
  if (cents === null || measure === null) return null;
  if (measure === 'ea' && cents === price.price) return null;
  return formatUnitPrice(cents, measure);
}

/**
 * A product's unit price under its price (rows, shopping list): the cheapest comparable one among
 * its stores, which is what "sort by unit price" orders by.
 */
export function cheapestUnitPriceText(prices: readonly WithUnit[]): string | null {
  let best: WithUnit | null = null;
  for (const price of prices) {
    if (price.unitPrice == null || price.unitMeasure == null) continue;
    if (best === null || price.unitPrice < (best.unitPrice as number)) best = price;
  }
  return best === null ? null : unitPriceText(best);
}
