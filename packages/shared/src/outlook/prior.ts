// The pooled prior of the outlook model: the share of product-weeks, off special, in which a
// special started within 14 days, by the product's own base rate (that share over its own past)
// and how long it has waited. Fitted by `npm run quality:outlook` on the training two-thirds of the real Woolworths
// history (apps/server/bench-data/real-prices) and copied here from its output.
export interface OutlookPrior {
  /** The product's own base rate: row r holds rates below rateEdges[r]; the last row the rest. */
  rateEdges: number[];
  /** Days since the last special started (or since the history began): likewise by column. */
  waitEdges: number[];
  chance: number[][];
}

export const OUTLOOK_PRIOR: OutlookPrior = {
  rateEdges: [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95],
  waitEdges: [7, 14, 21, 28, 42, 63, 91],
  chance: [
    [0.28, 0.4, 0.4, 0.4, 0.25, 0.03, 0.03, 0.03],
    [0.4, 0.39, 0.52, 0.22, 0.09, 0.13, 0.09, 0.16],
    [0.49, 0.41, 0.29, 0.23, 0.22, 0.17, 0.14, 0.33],
    [0.57, 0.41, 0.39, 0.35, 0.3, 0.24, 0.23, 0.4],
    [0.56, 0.65, 0.62, 0.37, 0.36, 0.16, 0.4, 0.4],
    [0.79, 0.76, 0.58, 0.5, 0.38, 0.4, 0.4, 0.4],
    [0.87, 0.78, 0.62, 0.51, 0.4, 0.4, 0.4, 0.4],
    [0.9, 0.85, 0.66, 0.4, 0.4, 0.4, 0.4, 0.4],
  ],
};
