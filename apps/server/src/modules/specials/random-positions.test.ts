import { describe, expect, it } from 'vitest';
import { randomPositions } from './specials.service.js';

describe('randomPositions', () => {
  it('picks n distinct positions within the range', () => {
    const picked = randomPositions(100, 4);
    expect(picked).toHaveLength(4);
    expect(new Set(picked).size).toBe(4);
    expect(picked.every((p) => Number.isInteger(p) && p >= 0 && p < 100)).toBe(true);
  });

  it('gives every position of a short range, and none of an empty one', () => {
    expect(randomPositions(2, 4).sort()).toEqual([0, 1]);
    expect(randomPositions(0, 4)).toEqual([]);
  });

  it('does not always pick the same positions', () => {
    const seen = new Set(Array.from({ length: 20 }, () => randomPositions(50, 4).join(',')));
    expect(seen.size).toBeGreaterThan(1);
  });
});
