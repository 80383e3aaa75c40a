import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyRange, formatOneDecimal } from './money.js';

describe('formatMoney', () => {
  it('shows cents as dollars with a $ sign, thousands separators and two decimals', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatMoney(-250)).toBe('-$2.50');
  });

  it('shows a range, or one price when both ends agree', () => {
    expect(formatMoneyRange(349, 420)).toBe('$3.49 – $4.20');
    expect(formatMoneyRange(349, 349)).toBe('$3.49');
  });
});

describe('formatOneDecimal', () => {
  it('shows a number with exactly one decimal', () => {
    expect(formatOneDecimal(2)).toBe('2.0');
    expect(formatOneDecimal(1234.56)).toBe('1,234.6');
  });
});
