import { describe, expect, it } from 'vitest';
import { isSwipe, swipeQuantity } from './swipe.js';

const unit = { minimumQuantity: 1, minimumIncrement: 1 };
const byWeight = { minimumQuantity: 0.5, minimumIncrement: 0.1 };
const width = 400;

describe('swipeQuantity', () => {
  it('does nothing below 30% of the row width', () => {
    expect(swipeQuantity(-119, 0, width, unit)).toBeNull();
  });

  it('gives minimumQuantity from 30% up to 60%', () => {
    expect(swipeQuantity(-120, 0, width, unit)).toBe(1);
    expect(swipeQuantity(-240, 0, width, unit)).toBe(1);
  });

  it('adds one increment over 60% and two over 75%', () => {
    expect(swipeQuantity(-241, 0, width, unit)).toBe(2);
    expect(swipeQuantity(-300, 0, width, unit)).toBe(2);
    expect(swipeQuantity(-301, 0, width, unit)).toBe(3);
  });

  it('steps weight products at 4-decimal precision', () => {
    expect(swipeQuantity(-390, 0, width, byWeight)).toBe(0.7);
    expect(swipeQuantity(-250, 0, width, byWeight)).toBe(0.6);
  });

  it('is cancelled by more than 50 px of vertical movement', () => {
    expect(swipeQuantity(-390, 51, width, unit)).toBeNull();
    expect(swipeQuantity(-390, -50, width, unit)).toBe(3);
  });

  it('needs at least 40 px of movement even on a narrow row', () => {
    expect(swipeQuantity(-39, 0, 100, unit)).toBeNull();
    expect(swipeQuantity(-40, 0, 100, unit)).toBe(1);
  });
});

describe('isSwipe', () => {
  it('counts swipes either way past the threshold', () => {
    expect(isSwipe(150, 0, width)).toBe(true);
    expect(isSwipe(-150, 0, width)).toBe(true);
    expect(isSwipe(100, 0, width)).toBe(false);
  });
});
