import { describe, expect, it } from 'vitest';
import { isInStoreCode, toGtin13 } from './gtin.js';

describe('toGtin13', () => {
  it('keeps a valid EAN-13 as it is', () => {
    // Real Woolworths barcodes (shared/data/real-api-samples).
    expect(toGtin13('9354829000064')).toBe('9354829000064');
    expect(toGtin13('9415767034327')).toBe('9415767034327');
  });

  it('pads UPC-A and EAN-8 to 13 digits and drops a GTIN-14 indicator 0', () => {
    expect(toGtin13('036000291452')).toBe('0036000291452');
    expect(toGtin13('96385074')).toBe('0000096385074');
    expect(toGtin13('09415767034327')).toBe('9415767034327');
  });

  it('drops in-store weighed codes (prefixes 02 and 20-29)', () => {
    // The real loose avocado: a scale label, not a product code.
    expect(toGtin13('0267980000004')).toBeNull();
    expect(toGtin13('2112345000005')).toBeNull();
    expect(isInStoreCode('2900000000001')).toBe(true);
    expect(isInStoreCode('9400000000001')).toBe(false);
  });

  it('drops codes that cannot be a GTIN', () => {
    expect(toGtin13('9354829000065')).toBeNull(); // check digit
    expect(toGtin13('19415767034327')).toBeNull(); // a case of packs
    expect(toGtin13('123456')).toBeNull(); // UPC-E, not expanded
    expect(toGtin13('94157670343A7')).toBeNull();
    expect(toGtin13('0000000000000')).toBeNull();
    expect(toGtin13('')).toBeNull();
    expect(toGtin13(null)).toBeNull();
  });
});
