import { describe, expect, it } from 'vitest';
import { importedQuantity, startingQuantity } from './quantity.js';

const bananasPerKg = { saleType: 1, minimumQuantity: 0.1, minimumIncrement: 0.1 };
const mince = { saleType: 1, minimumQuantity: 0.5, minimumIncrement: 0.1 };
const bananasEach = { saleType: 0, minimumQuantity: 1, minimumIncrement: 1 };
const sixPack = { saleType: 0, minimumQuantity: 6, minimumIncrement: 6 };

describe('starting and imported quantities', () => {
  it('starts a weighed product at 1 kg, or at its own minimum when it has one', () => {
    expect(startingQuantity(bananasPerKg)).toBe(1);
    expect(startingQuantity(mince)).toBe(0.5);
    expect(startingQuantity({ saleType: 1, minimumQuantity: 0.3, minimumIncrement: 0.3 })).toBe(0.3);
    expect(startingQuantity(sixPack)).toBe(6);
  });

  it("reads '3 bananas' as 3 each where sold by count, never 3 kg", () => {
    expect(importedQuantity(bananasEach, 3)).toBe(3);
    expect(importedQuantity(bananasPerKg, 3)).toBe(1);
    expect(importedQuantity(mince, 3)).toBe(0.5);
    expect(importedQuantity(sixPack, 4)).toBe(6);
    expect(importedQuantity(sixPack, 12)).toBe(12);
  });
});
