// Comparable unit prices (issue 12): the chains quote a price "per 100g", "1kg", "100mL", "1L",
// "1ea" and so on, each its own way. Normalised to cents per kg, per L or per each, a price quoted
// per 100 g and one quoted per 1 kg compare as one.
import type { UnitMeasure } from './api.js';

export interface UnitPrice {
  /** Integer cents per `unitMeasure`. */
  unitPrice: number;
  unitMeasure: UnitMeasure;
}

/** How many of the base unit (kg, L or each) one of the chain's unit words is. */
const units: Record<string, { measure: UnitMeasure; factor: number }> = {
  mg: { measure: 'kg', factor: 0.000_001 },
  g: { measure: 'kg', factor: 0.001 },
  gm: { measure: 'kg', factor: 0.001 },
  gram: { measure: 'kg', factor: 0.001 },
  grams: { measure: 'kg', factor: 0.001 },
  kg: { measure: 'kg', factor: 1 },
  kgm: { measure: 'kg', factor: 1 },
  ml: { measure: 'L', factor: 0.001 },
  cl: { measure: 'L', factor: 0.01 },
  l: { measure: 'L', factor: 1 },
  lt: { measure: 'L', factor: 1 },
  ltr: { measure: 'L', factor: 1 },
  litre: { measure: 'L', factor: 1 },
  liter: { measure: 'L', factor: 1 },
  ea: { measure: 'ea', factor: 1 },
  each: { measure: 'ea', factor: 1 },
  unit: { measure: 'ea', factor: 1 },
  pk: { measure: 'ea', factor: 1 },
  pack: { measure: 'ea', factor: 1 },
  sheet: { measure: 'ea', factor: 1 },
  sheets: { measure: 'ea', factor: 1 },
};

// "per 100g", "100 g", "1kg", "$/kg", "100mL", "1.5L", "ea", "each", "per 10 sheets".
const MEASURE = /^(?:per|\/|\$\s*\/)?\s*(\d+(?:\.\d+)?)?\s*([a-z]+)$/;

/**
 * The chain's comparative price as cents per kg, L or each; null when the measure is not one we
 * can read (a guess would put a wrong product first in a unit-price sort).
 */
export function normaliseUnitPrice(
  comparativePrice: number | null | undefined,
  comparativeMeasure: string | null | undefined,
): UnitPrice | null {
  if (comparativePrice === null || comparativePrice === undefined || !comparativeMeasure) return null;
  if (!Number.isFinite(comparativePrice) || comparativePrice < 0) return null;
  const match = MEASURE.exec(comparativeMeasure.trim().toLowerCase());
  if (!match) return null;
  const amount = match[1] === undefined ? 1 : Number(match[1]);
  const unit = units[match[2] as string];
  if (!unit || !(amount > 0)) return null;
  return { unitPrice: Math.round(comparativePrice / (amount * unit.factor)), unitMeasure: unit.measure };
}

/** The pack a price is for, as parsePackSize reads it (plan/same-kind.ts). */
export interface UnitPack {
  amount: number;
  measure: UnitMeasure;
}

/**
 * The unit price to the cent (issue 37 item 1). Chains quote it per 100 g or 100 mL in whole cents,
 * so times ten it lands on 10 cents: a 1 kg Edam at $14.69 is quoted "$1.47 / 100g", read as
 * '$14.70/kg'. When the pack's own size is known in the quote's measure, the shelf price over
 * the pack size is exact; it is used only when it agrees with the quote within the quote's
 * rounding (a pack size the catalogue misreads must not beat the chain's own figure).
 */
export function exactUnitPrice(
  price: number,
  comparativePrice: number | null | undefined,
  comparativeMeasure: string | null | undefined,
  pack: UnitPack | null,
): UnitPrice | null {
  const quoted = normaliseUnitPrice(comparativePrice, comparativeMeasure);
  if (!quoted || !pack || pack.measure !== quoted.unitMeasure || !(pack.amount > 0)) return quoted;
  const exact = Math.round(price / pack.amount);
  // The quote's own rounding: half a cent of the quoted amount, scaled to the base unit.
  const quoteScale = quoted.unitPrice / Math.max(1, comparativePrice as number);
  const slack = Math.max(1, quoteScale) * 0.5 + 1;
  return Math.abs(exact - quoted.unitPrice) <= slack
    ? { unitPrice: exact, unitMeasure: quoted.unitMeasure }
    : quoted;
}
