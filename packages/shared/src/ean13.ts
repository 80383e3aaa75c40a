// EAN-13: the barcode on almost every grocery item in New Zealand. The check digit validates a
// scanned or fed barcode; the bar pattern lets tests draw one for the camera to read.

/** The check digit for the first 12 digits: weights 1,3,1,3... then up to the next ten. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits before the check digit: ${first12}`);
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
// The first digit is not drawn: it is carried by which of the left six use the G set.
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of the symbol, '1' for a bar and '0' for a space (no quiet zone). */
export function ean13Modules(code: string): string {
  if (!isValidEan13(code)) throw new Error(`not a valid EAN-13: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0] as number] as string;
  const left = digits
    .slice(1, 7)
    .map((d, i) => (parity[i] === 'L' ? L : G)[d])
    .join('');
  const right = digits
    .slice(7)
    .map((d) => R[d])
    .join('');
  return `101${left}01010${right}101`;
}
