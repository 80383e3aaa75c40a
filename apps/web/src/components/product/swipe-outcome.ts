// Pure rules for swipeable rows (spec sections 4, 5 and 9), on top of @kete/shared's swipe rule.
// dx < 0 is a swipe to the left. Kept apart from the gesture library so they are unit-tested.
import { isSwipe, SWIPE, swipeQuantity } from '@kete/shared';

export type SwipeSide = 'left' | 'right';

/** The side a released drag counts for, or null when it does not count. */
export function swipeSide(dx: number, dy: number, width: number): SwipeSide | null {
  if (!isSwipe(dx, dy, width)) return null;
  return dx < 0 ? 'left' : 'right';
}

/**
 * How far the row follows the finger while dragging: nothing once the finger has moved too far
 * vertically (the user is scrolling), nothing toward a side without an action.
 */
export function dragOffset(dx: number, dy: number, sides: { left: boolean; right: boolean }): number {
  if (Math.abs(dy) > SWIPE.verticalTolerance) return 0;
  if (dx < 0 && !sides.left) return 0;
  if (dx > 0 && !sides.right) return 0;
  return dx;
}

export type ProductSwipe = { action: 'addToCart'; quantity: number } | { action: 'right' } | null;

/** A product row's release: left adds a quantity that depends on distance; right adds to a list (or removes). */
export function productSwipe(
  dx: number,
  dy: number,
  width: number,
  product: { minimumQuantity: number; minimumIncrement: number },
): ProductSwipe {
  const side = swipeSide(dx, dy, width);
  if (side === 'right') return { action: 'right' };
  if (side === 'left') {
    const quantity = swipeQuantity(dx, dy, width, product);
    return quantity === null ? null : { action: 'addToCart', quantity };
  }
  return null;
}
