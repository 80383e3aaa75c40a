// Barcodes as the chains send them, made comparable: every GTIN written as 13 digits, so the same
// pack from two chains meets on one key. Codes a store prints on its own scales mean nothing
// across stores (the same digits are a different item elsewhere) and are dropped.
import { isValidEan13 } from './ean13.js';

/**
 * GS1 "restricted circulation" prefixes: 02 and 20-29 mark variable-measure items weighed and
 * labelled in store (the price or weight is inside the code). In GTIN-13 form that is a leading
 * "02" or "2".
 */
export function isInStoreCode(gtin13: string): boolean {
  return gtin13.startsWith('02') || gtin13.startsWith('2');
}

/**
 * The GTIN-13 of a barcode, or null when it cannot identify a product across stores:
 * UPC-A (12 digits) and EAN-8 (8) are left-padded with zeros (GS1's own rule for GTIN fields);
 * a GTIN-14 whose indicator digit is 0 loses it (any other indicator is a case of several packs);
 * a wrong check digit, another length (UPC-E's 6 digits are not expanded) or an in-store code
 * gives null.
 */
export function toGtin13(code: string | null | undefined): string | null {
  if (!code) return null;
  const digits = code.trim();
  if (!/^\d+$/.test(digits)) return null;
  let gtin: string;
  if (digits.length === 14) {
    if (!digits.startsWith('0')) return null;
    gtin = digits.slice(1);
  } else if (digits.length === 13 || digits.length === 12 || digits.length === 8) {
    gtin = digits.padStart(13, '0');
  } else {
    return null;
  }
  if (!isValidEan13(gtin) || isInStoreCode(gtin) || /^0+$/.test(gtin.slice(0, 12))) return null;
  return gtin;
}
