import { describe, expect, it } from 'vitest';
import { ean13CheckDigit, ean13Modules, isValidEan13 } from './ean13.js';

describe('EAN-13', () => {
  it('computes the check digit of published example codes', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('978020137962')).toBe(4);
    expect(ean13CheckDigit('942000000000')).toBe(7);
  });

  it('validates a whole code', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339x1')).toBe(false);
  });

  it('draws 95 modules with guard bars at both ends and the middle', () => {
    const modules = ean13Modules('4006381333931');
    expect(modules).toHaveLength(95);
    expect(modules.startsWith('101')).toBe(true);
    expect(modules.endsWith('101')).toBe(true);
    expect(modules.slice(45, 50)).toBe('01010');
    // First digit 4 gives the parity LGLLGG; the second digit 0 in the L set is 0001101.
    expect(modules.slice(3, 10)).toBe('0001101');
  });
});
