// Tuning the outlook model (issue 46) without looking at the held-out third: the training
// two-thirds of the real Woolworths history is split again by day, the earlier part fits
// (the pooled prior, a recalibration), the later part validates. Prints validation Brier and skill
// for each candidate; decision 0025 records what was kept. Run:
//   npx tsc -b apps/server && node apps/server/dist/bench/outlook-tuning.js
import {
  chanceWithin14,
  type DailySeries,
  daysWaited,
  HORIZON_DAYS,
  type OutlookPrior,
  ownBaseRate,
  priorChance,
  shareOnSpecial,
  survivalChance,
} from '@kete/shared';
import { brier, dateOfDay, type Instance, instances, loadBacktest } from './outlook-backtest.js';
import { fitPrior } from './outlook-prior-table.js';

/** Pool-adjacent-violators: the non-decreasing step function of p that best fits y (least squares),
 * as [upper edge of p, calibrated chance] steps. */
export function isotonicSteps(pairs: { p: number; y: number }[]): [number, number][] {
  const sorted = [...pairs].sort((a, b) => a.p - b.p);
  const blocks: { sum: number; n: number; top: number }[] = [];
  for (const x of sorted) {
    blocks.push({ sum: x.y, n: 1, top: x.p });
    while (blocks.length > 1) {
      const b = blocks.at(-1) as { sum: number; n: number; top: number };
      const a = blocks.at(-2) as { sum: number; n: number; top: number };
      if (a.sum / a.n < b.sum / b.n) break;
      blocks.splice(-2, 2, { sum: a.sum + b.sum, n: a.n + b.n, top: b.top });
    }
  }
  return blocks.map((b) => [b.top, Math.round((100 * b.sum) / b.n) / 100]);
}

export function applySteps(steps: [number, number][], p: number): number {
  const step = steps.find(([top]) => p <= top) ?? steps.at(-1);
  return step ? step[1] : p;
}

const tableThenOwn = (prior: OutlookPrior, mix: number) => (series: DailySeries, t: number) => {
  const own = ownBaseRate(series, t);
  return mix * priorChance(prior, own, daysWaited(series, t)) + (1 - mix) * own;
};

function report(label: string, validation: Instance[], forecast: (x: Instance) => number) {
  const scored = validation.map((x) => ({ p: forecast(x), y: x.y }));
  const model = brier(scored);
  const issue = brier(validation.map((x) => ({ p: shareOnSpecial(x.series, x.t), y: x.y })));
  const strong = brier(validation.map((x) => ({ p: ownBaseRate(x.series, x.t), y: x.y })));
  let worst = 0;
  const bins: string[] = [];
  for (let b = 0; b < 10; b++) {
    const bin = scored.filter((x) => Math.min(9, Math.floor(x.p * 10)) === b);
    if (bin.length < 100) continue;
    const mean = bin.reduce((s, x) => s + x.p, 0) / bin.length;
    const seen = bin.reduce((s, x) => s + x.y, 0) / bin.length;
    bins.push(`${b / 10}: ${bin.length} ${mean.toFixed(2)}/${seen.toFixed(2)}`);
    worst = Math.max(worst, Math.abs(mean - seen));
  }
  console.log(
    `${label}: validation Brier ${model.toFixed(4)}; skill ${(1 - model / issue).toFixed(3)} (issue's base rate), ` +
      `${(1 - model / strong).toFixed(3)} (stronger); worst calibration bin off by ${worst.toFixed(3)}\n    bins (forecasts mean/observed): ${bins.join('; ')}`,
  );
}

function main() {
  const { products, first, cutoff } = loadBacktest();
  const trainFrom = first + 56;
  const trainTo = cutoff - HORIZON_DAYS;
  const fitEnd = trainFrom + Math.floor(0.6 * (trainTo - trainFrom));
  const fit = instances(products, trainFrom, fitEnd - HORIZON_DAYS, 56);
  const validation = instances(products, fitEnd, trainTo, 90);
  console.log(
    `Fit ${dateOfDay(trainFrom)} to ${dateOfDay(fitEnd)} (${fit.length} product-weeks), validate to ${dateOfDay(trainTo)} (${validation.length}); held-out days after ${dateOfDay(cutoff)} are not read.`,
  );
  const byOverall = fitPrior(fit, 'overall');
  for (const weight of [2, 4, 8])
    report(`first model: prior table (thin cells to the overall rate), weight ${weight}`, validation, (x) =>
      survivalChance(x.series, x.t, tableThenOwn(byOverall, 1)(x.series, x.t), weight),
    );
  const byNeighbour = fitPrior(fit, 'shorter-wait');
  for (const mix of [1, 0.5, 0.25, 0])
    for (const weight of [2, 4, 8])
      report(
        `prior = ${mix} x table (thin cells to the shorter wait) + ${1 - mix} x own base rate, weight ${weight}`,
        validation,
        (x) => survivalChance(x.series, x.t, tableThenOwn(byNeighbour, mix)(x.series, x.t), weight),
      );
  // The candidate validation chose (own base rate as the prior, weight 4), recalibrated.
  const ownPrior = (x: Instance) => survivalChance(x.series, x.t, ownBaseRate(x.series, x.t), 4);
  const steps = isotonicSteps(fit.map((x) => ({ p: ownPrior(x), y: x.y })));
  report(
    'own base rate as the prior, weight 4, recalibrated (isotonic, fitted on the fit part)',
    validation,
    (x) => applySteps(steps, ownPrior(x)),
  );
  // For reference only: the shipped table was fitted on all the training weeks, these included.
  report('shipped (prior.ts, fitted on all training weeks: in-sample here)', validation, (x) =>
    chanceWithin14(x.series, x.t),
  );
  report("the issue's base rate itself", validation, (x) => shareOnSpecial(x.series, x.t));
  report('the stronger base rate itself', validation, (x) => ownBaseRate(x.series, x.t));
}

main();
