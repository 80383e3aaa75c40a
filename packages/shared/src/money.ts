// Money is held in integer cents everywhere (spec section 9) and only formatted at the edge.

const dollars = new Intl.NumberFormat('en-NZ', {
  style: 'currency',
  currency: 'NZD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const oneDecimal = new Intl.NumberFormat('en-NZ', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 123456 -> "$1,234.56"; negative amounts keep their sign: -250 -> "-$2.50". */
export function formatMoney(cents: number): string {
  return dollars.format(Math.round(cents) / 100);
}

/** A price range "$3.49 – $4.20", or a single price when both ends are equal. */
export function formatMoneyRange(lowCents: number, highCents: number): string {
  return lowCents === highCents
    ? formatMoney(lowCents)
    : `${formatMoney(lowCents)} – ${formatMoney(highCents)}`;
}

/** The spec's second formatter: a number with exactly one decimal, "1,234.5". */
export function formatOneDecimal(value: number): string {
  return oneDecimal.format(value);
}
