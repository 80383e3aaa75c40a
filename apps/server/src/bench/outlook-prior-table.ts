// Fitting the outlook model's pooled prior table (packages/shared outlook/prior.ts, decision 0025):
// the share of training product-weeks, off special, after which a special started within 14 days,
// by the product's own base rate and by its wait.
import { daysWaited, OUTLOOK_PRIOR, type OutlookPrior, ownBaseRate } from '@kete/shared';
import type { Instance } from './outlook-backtest.js';

export function fitPrior(train: Instance[], shrink: 'overall' | 'shorter-wait' = 'overall'): OutlookPrior {
  const shape = OUTLOOK_PRIOR;
  const rows = shape.rateEdges.length + 1;
  const cols = shape.waitEdges.length + 1;
  const n = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  const hits = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  const overall = train.reduce((s, x) => s + x.y, 0) / Math.max(1, train.length);
  for (const x of train) {
    const r = shape.rateEdges.findIndex((e) => ownBaseRate(x.series, x.t) < e);
    const w = shape.waitEdges.findIndex((e) => daysWaited(x.series, x.t) < e);
    const ri = r === -1 ? rows - 1 : r;
    const wi = w === -1 ? cols - 1 : w;
    (n[ri] as number[])[wi] = ((n[ri] as number[])[wi] as number) + 1;
    (hits[ri] as number[])[wi] = ((hits[ri] as number[])[wi] as number) + x.y;
  }
  // Five pseudo-forecasts keep a thin cell from reading 0 or 1. They sit at the overall rate
  // ('overall', how the shipped table was fitted) or at the same row's next shorter wait ('shorter-wait'): a product
  // waiting longer than any training product did is more like one that waited a little less than
  // like the average product (the validation split showed never-discounted products at 120 days
  // told 0.35 from the overall rate, against 0.05 seen).
  const chance = n.map((row, r) => {
    const out: number[] = [];
    row.forEach((count, w) => {
      const toward = shrink === 'shorter-wait' && w > 0 ? (out[w - 1] as number) : overall;
      out.push(Math.round((100 * (((hits[r] as number[])[w] as number) + 5 * toward)) / (count + 5)) / 100);
    });
    return out;
  });
  return { rateEdges: shape.rateEdges, waitEdges: shape.waitEdges, chance };
}
