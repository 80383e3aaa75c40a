// How far a product row was swiped decides the quantity added (spec sections 5 and 9).

export const SWIPE = {
  /** Below this share of the row width nothing happens. */
  threshold: 0.3,
  oneMore: 0.6,
  twoMore: 0.75,
  /** Minimum horizontal movement in px. */
  minDistance: 40,
  /** More vertical movement than this cancels the swipe (the user is scrolling). */
  verticalTolerance: 50,
  /** Rows animate out this long after a tick, delete or remove. */
  removalDelayMs: 300,
} as const;

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The quantity a swipe adds, or null when the swipe does not count.
 * dx and dy are the movement in px; width is the row's width in px.
 */
export function swipeQuantity(
  dx: number,
  dy: number,
  width: number,
  product: { minimumQuantity: number; minimumIncrement: number },
): number | null {
  const distance = Math.abs(dx);
  if (Math.abs(dy) > SWIPE.verticalTolerance || distance < SWIPE.minDistance || width <= 0) return null;
  const share = distance / width;
  if (share < SWIPE.threshold) return null;
  const steps = share > SWIPE.twoMore ? 2 : share > SWIPE.oneMore ? 1 : 0;
  return round4(product.minimumQuantity + steps * product.minimumIncrement);
}

/** A swipe past the threshold that is not cancelled: used for tick, delete and remove. */
export function isSwipe(dx: number, dy: number, width: number): boolean {
  return swipeQuantity(dx, dy, width, { minimumQuantity: 1, minimumIncrement: 1 }) !== null;
}
