import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  isValidQuantity,
  MAX_UNITS,
  MAX_WEIGHT_KG,
  quantityError,
  roundQuantity,
  stepQuantity,
} from './quantity.js';

const eggs = { saleType: 0, minimumQuantity: 1, minimumIncrement: 1 };
const apples = { saleType: 1, minimumQuantity: 0.5, minimumIncrement: 0.1 };
const sixPack = { saleType: 0, minimumQuantity: 6, minimumIncrement: 6 };

describe('quantity rule', () => {
  it('accepts the minimum and whole steps above it', () => {
    for (const q of [1, 2, 17, MAX_UNITS]) expect(isValidQuantity(eggs, q)).toBe(true);
    for (const q of [0.5, 0.6, 0.7, 1.3, MAX_WEIGHT_KG]) expect(isValidQuantity(apples, q)).toBe(true);
    for (const q of [6, 12, 600]) expect(isValidQuantity(sixPack, q)).toBe(true);
  });

  it('compares at 4 decimals, so floating-point sums still count as whole steps', () => {
    expect(0.3 + 0.6).not.toBe(0.9);
    expect(isValidQuantity(apples, 0.3 + 0.6)).toBe(true);
    expect(isValidQuantity(apples, 0.70000001)).toBe(true);
    expect(isValidQuantity(apples, 0.7001)).toBe(false);
  });

  it('refuses zero, negative and non-numbers', () => {
    for (const q of [0, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, 0.00001]) {
      expect(quantityError(eggs, q)).toBe('Enter a quantity above zero.');
    }
  });

  it('refuses less than the minimum quantity', () => {
    expect(quantityError(sixPack, 3)).toBe('The smallest quantity of this product is 6.');
    expect(quantityError(apples, 0.4)).toBe('The smallest quantity of this product is 0.5 kg.');
  });

  it('refuses quantities between steps', () => {
    expect(quantityError(eggs, 1.5)).toBe('Change the quantity in steps of 1.');
    expect(quantityError(sixPack, 9)).toBe('Change the quantity in steps of 6.');
    expect(quantityError(apples, 0.55)).toBe('Change the quantity in steps of 0.1 kg.');
  });

  it('refuses more than 999 units or 50 kg', () => {
    expect(quantityError(eggs, 1000)).toBe('The most you can add is 999.');
    expect(quantityError(apples, 50.1)).toBe('The most you can add is 50 kg.');
    expect(isValidQuantity(sixPack, 1002)).toBe(false);
  });

  it('accepts any quantity from the minimum when the increment is missing', () => {
    expect(isValidQuantity({ saleType: 0, minimumQuantity: 1, minimumIncrement: 0 }, 1.25)).toBe(true);
  });
});

describe('stepping a quantity', () => {
  it('adds and removes one increment at 4-decimal precision', () => {
    expect(stepQuantity(0.5, 0.1, 1)).toBe(0.6);
    expect(stepQuantity(0.6, 0.1, 1)).toBe(0.7);
    expect(stepQuantity(0.7, 0.1, -1)).toBe(0.6);
    expect(stepQuantity(1, 1, 1)).toBe(2);
    expect(stepQuantity(0.3333, 0.3333, 1)).toBe(0.6666);
  });

  it('rounds and formats for display', () => {
    expect(roundQuantity(0.1 + 0.2)).toBe(0.3);
    expect(formatQuantity(apples, 0.1 + 0.2)).toBe('0.3 kg');
    expect(formatQuantity(eggs, 3)).toBe('3');
  });
});
