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
 * The GTIN-13 of a barcode, or null when it cannot identify a product across stores.
 *
 * The number of leading zeros says nothing: the same pack arrives as UPC-A (12 digits), as EAN-13
 * with its leading 0, or with every leading zero dropped (Woolworths sends some as 9-11 digits).
 * So, as Open Food Facts normalises its codes (docs/api/ref-barcode-normalization.md in
 * openfoodfacts-server), leading zeros are stripped and what is left is padded: 1-7 digits to 8
 * (an EAN-8), 9-12 to 13. Kete keys every code on 13 digits, so an EAN-8 is kept as its 13-digit
 * form (five zeros, then the 8), which is the same key whichever way it came. A GTIN-14 whose
 * indicator digit is 0 loses it (it is then 13 or fewer digits); any other 14-digit code is a case
 * of several packs, and longer ones are no GTIN. A wrong check digit (checked on the 13 digits, which
 * leading zeros do not change), an in-store code or a code of zeros gives null.
 */
export function toGtin13(code: string | null | undefined): string | null {
  if (!code) return null;
  const digits = code.trim();
  if (!/^\d+$/.test(digits)) return null;
  const significant = digits.replace(/^0+/, '');
  if (significant.length === 0 || significant.length > 13) return null;
  const gtin = significant.padStart(13, '0');
  if (!isValidEan13(gtin) || isInStoreCode(gtin)) return null;
  return gtin;
}
