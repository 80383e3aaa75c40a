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

  // Open Food Facts' normalisation: leading zeros carry no meaning, so however many a chain sends
  // (Woolworths drops them: 9-12 digits), the code lands on the same 13 digits.
  it.each([
    ['1 digit', '7', null], // 0000000000007 has a wrong check digit
    ['2 digits', '17', '0000000000017'],
    ['3 digits', '123', '0000000000123'],
    ['4 digits', '1236', '0000000001236'],
    ['5 digits', '12348', '0000000012348'],
    ['6 digits', '123457', '0000000123457'],
    ['7 digits (an EAN-8 without its 0)', '1234565', '0000001234565'],
    ['8 digits (EAN-8)', '12345670', '0000012345670'],
    ['9 digits', '123456784', '0000123456784'],
    ['10 digits', '1234567895', '0001234567895'],
    ['11 digits (a UPC-A without its 0)', '36000291452', '0036000291452'],
    ['12 digits (UPC-A, wrong check digit)', '123456789051', null],
    ['12 digits (UPC-A, valid)', '012345678905', '0012345678905'],
    ['13 digits (EAN-13)', '9415767034327', '9415767034327'],
    ['14 digits, indicator 0', '09415767034327', '9415767034327'],
    ['14 digits, a case of packs', '19415767034327', null],
    ['15 digits', '109415767034327', null],
  ])('%s: %s -> %s', (_, code, gtin) => {
    expect(toGtin13(code)).toBe(gtin);
  });

  it('gives one key for a code sent with any number of leading zeros', () => {
    const forms = ['36000291452', '036000291452', '0036000291452', '00036000291452', '000000036000291452'];
    expect(new Set(forms.map(toGtin13))).toEqual(new Set(['0036000291452']));
    expect(new Set(['1234565', '01234565', '0000001234565'].map(toGtin13))).toEqual(
      new Set(['0000001234565']),
    );
  });

  it('checks the check digit at every length', () => {
    expect(toGtin13('36000291453')).toBeNull(); // 11 digits, last one wrong
    expect(toGtin13('123456785')).toBeNull(); // 9 digits
    expect(toGtin13('1234566')).toBeNull(); // 7 digits
  });

  it('drops in-store weighed codes (prefixes 02 and 20-29)', () => {
    // The real loose avocado: a scale label, not a product code.
    expect(toGtin13('0267980000004')).toBeNull();
    expect(toGtin13('267980000004')).toBeNull(); // the same without its 0 (UPC number system 2)
    expect(toGtin13('2112345000005')).toBeNull();
    expect(isInStoreCode('2900000000001')).toBe(true);
    expect(isInStoreCode('9400000000001')).toBe(false);
  });

  it('drops codes that cannot be a GTIN', () => {
    expect(toGtin13('9354829000065')).toBeNull(); // check digit
    expect(toGtin13('19415767034327')).toBeNull(); // a case of packs
    expect(toGtin13('94157670343A7')).toBeNull();
    expect(toGtin13('0000000000000')).toBeNull();
    expect(toGtin13('0')).toBeNull();
    expect(toGtin13('')).toBeNull();
    expect(toGtin13(null)).toBeNull();
  });
});
