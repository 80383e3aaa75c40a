import { describe, expect, it } from 'vitest';
import {
  asWrittenItem,
  cleanItemText,
  TEXT_ITEM_MAX_LENGTH,
  ZCartAddRequest,
  ZTextItemRequest,
} from './text-items.js';

describe('free-text items (issue 49 item 2)', () => {
  it('keep the text as written, trimmed, with inner white space as one space', () => {
    expect(cleanItemText('  the good\tbread \n from the bakery ')).toBe('the good bread from the bakery');
  });

  it('take 1 to 120 characters after trimming, and a whole count of 1 to 99', () => {
    expect(ZTextItemRequest.parse({ text: ' garlic ' })).toEqual({ text: 'garlic' });
    expect(ZTextItemRequest.safeParse({ text: '   ' }).success).toBe(false);
    expect(ZTextItemRequest.safeParse({ text: 'x'.repeat(TEXT_ITEM_MAX_LENGTH) }).success).toBe(true);
    expect(ZTextItemRequest.safeParse({ text: 'x'.repeat(TEXT_ITEM_MAX_LENGTH + 1) }).success).toBe(false);
    for (const quantity of [0, 1.5, 100, -1, '2']) {
      expect(ZTextItemRequest.safeParse({ text: 'garlic', quantity }).success, String(quantity)).toBe(false);
    }
    expect(ZTextItemRequest.parse({ text: 'garlic', quantity: 99 })).toEqual({
      text: 'garlic',
      quantity: 99,
    });
  });

  it('let POST /cart carry a product or text, each field checked on its own', () => {
    expect(ZCartAddRequest.parse({ productId: 3, quantity: 2 })).toEqual({ productId: 3, quantity: 2 });
    expect(ZCartAddRequest.parse({ text: ' candles ' })).toEqual({ text: 'candles' });
    const bad = ZCartAddRequest.safeParse({ text: '' });
    expect(bad.success ? [] : bad.error.issues.map((issue) => issue.path.join('.'))).toEqual(['text']);
  });

  it('turn any line into an item text that fits', () => {
    expect(asWrittenItem(' 3 cloves  garlic ')).toBe('3 cloves garlic');
    expect(asWrittenItem(`${'a'.repeat(119)} b c`)).toHaveLength(119);
  });
});
