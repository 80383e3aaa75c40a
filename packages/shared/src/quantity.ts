// Spec section 5: how much of a product may go on the shopping list. One rule, used by the
// server to refuse bad quantities and by the web app's stepper, so both agree to the last step.
// Quantities are compared at 4 decimals, because 0.1 + 0.2 is not 0.3 in floating point.

export const QUANTITY_DECIMALS = 4;
const SCALE = 10 ** QUANTITY_DECIMALS;

/** Most units of one product on a list; sold-by-weight products stop at 50 kg. */
export const MAX_UNITS = 999;
export const MAX_WEIGHT_KG = 50;

/** The part of a Product the rule needs (saleType 1 is sold by weight, quantities in kg). */
export interface QuantityRule {
  saleType: number;
  minimumQuantity: number;
  minimumIncrement: number;
}

/** A quantity as a whole number of ten-thousandths: exact to add, compare and store. */
export const toQuantityUnits = (quantity: number): number => Math.round(quantity * SCALE);
export const fromQuantityUnits = (units: number): number => units / SCALE;

/** Rounded to 4 decimals. */
export const roundQuantity = (quantity: number): number => fromQuantityUnits(toQuantityUnits(quantity));

export const maximumQuantity = (product: QuantityRule): number =>
  product.saleType === 1 ? MAX_WEIGHT_KG : MAX_UNITS;

/** "3" for units, "0.5 kg" for products sold by weight. */
export function formatQuantity(product: Pick<QuantityRule, 'saleType'>, quantity: number): string {
  const text = String(roundQuantity(quantity));
  return product.saleType === 1 ? `${text} kg` : text;
}

/** Why this quantity may not go on the list, or null when it may. */
export function quantityError(product: QuantityRule, quantity: number): string | null {
  if (!Number.isFinite(quantity) || toQuantityUnits(quantity) <= 0) {
    return 'Enter a quantity above zero.';
  }
  const units = toQuantityUnits(quantity);
  const minimum = toQuantityUnits(product.minimumQuantity);
  if (units < minimum) {
    return `The smallest quantity of this product is ${formatQuantity(product, product.minimumQuantity)}.`;
  }
  const maximum = maximumQuantity(product);
  if (units > toQuantityUnits(maximum)) {
    return `The most you can add is ${formatQuantity(product, maximum)}.`;
  }
  const step = toQuantityUnits(product.minimumIncrement);
  // A product without a usable increment (bad feed data) accepts any quantity from its minimum.
  if (step > 0 && (units - minimum) % step !== 0) {
    return `Change the quantity in steps of ${formatQuantity(product, product.minimumIncrement)}.`;
  }
  return null;
}

export const isValidQuantity = (product: QuantityRule, quantity: number): boolean =>
  quantityError(product, quantity) === null;

/** One press of the stepper's plus (1) or minus (-1) button, at 4-decimal precision. */
export function stepQuantity(quantity: number, increment: number, direction: 1 | -1): number {
  return fromQuantityUnits(toQuantityUnits(quantity) + direction * toQuantityUnits(increment));
}

/**
 * Where a product starts when it is added (issue 37 item 7). A weighed product (sold per kg)
 * starts at its own minimum when that is a real minimum (more than one step of the scale), else at
 * 1 kg where 1 kg is a valid quantity; a product sold by count starts at its minimum.
 */
export function startingQuantity(product: QuantityRule): number {
  if (product.saleType !== 1) return product.minimumQuantity;
  if (toQuantityUnits(product.minimumQuantity) > toQuantityUnits(product.minimumIncrement)) {
    return product.minimumQuantity;
  }
  return isValidQuantity(product, 1) ? 1 : product.minimumQuantity;
}

/**
 * An imported count ('3 bananas') as a quantity of this product: 3 each where the shop sells it
 * by count; a count of things is not kilograms, so a weighed product starts where an add would.
 * A count the product does not allow becomes its starting quantity.
 */
export function importedQuantity(product: QuantityRule, count: number): number {
  if (product.saleType === 1) return startingQuantity(product);
  return isValidQuantity(product, count) ? count : startingQuantity(product);
}
