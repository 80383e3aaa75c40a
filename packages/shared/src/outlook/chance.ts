// The chance that a special starts within the next 14 days, for a product off special today: a
// discrete survival model of the days since its last special started (decision 0025). The
// product's own start-to-start intervals say how often a special came back after as long a wait
// as today's; a pooled prior (prior.ts, fitted on the training two-thirds of the real Woolworths
// history, by the product's own base rate and the wait) stands in where the product's own history is thin, weighted as PRIOR_WEIGHT intervals.
import type { DailySeries } from './daily-series.js';
import { OUTLOOK_PRIOR, type OutlookPrior } from './prior.js';

export const HORIZON_DAYS = 14;
/** How many of its own gaps the prior counts as: on the training two-thirds 4 and 8 tie (Brier
 * 0.0980, 0.0979); 4 lets a product's own regular pattern speak after fewer specials. */
export const PRIOR_WEIGHT = 4;

/** The product's own base rate at `today`: the share of its days off special after which a
 * special started within 14 days (days whose 14 days have passed); 0 before there are any. */
export function ownBaseRate(series: DailySeries, today: number): number {
  const starts = new Set(series.specials.map((s) => s.start));
  let nextStart = Number.POSITIVE_INFINITY;
  let days = 0;
  let hits = 0;
  for (let day = today; day >= series.firstDay; day--) {
    if (starts.has(day + 1)) nextStart = day + 1;
    if (day + HORIZON_DAYS > today || series.days[day - series.firstDay]?.special) continue;
    days++;
    if (nextStart <= day + HORIZON_DAYS) hits++;
  }
  return days === 0 ? 0 : hits / days;
}

/** The reference forecast (issue 46: "the product's own base rate (share of weeks on
 * special)"): the share of the product's listed days before `today` that it was on special. Counted
 * in days rather than calendar weeks so that a week-long special straddling two weeks is not
 * counted twice; 0 before there are any. Weaker than `ownBaseRate` (it answers "how often is it on
 * special", not "how often does a special start within 14 days"), which is why both are printed. */
export function shareOnSpecial(series: DailySeries, today: number): number {
  let listed = 0;
  let onSpecial = 0;
  for (let day = series.firstDay; day < today; day++) {
    const state = series.days[day - series.firstDay];
    if (!state || state.price === null) continue;
    listed++;
    if (state.special) onSpecial++;
  }
  return listed === 0 ? 0 : onSpecial / listed;
}

/** Days between the starts of consecutive specials. */
export function intervalsOf(series: DailySeries): number[] {
  const s = series.specials;
  return s.slice(1).map((x, i) => x.start - (s[i] as { start: number }).start);
}

/** Days off special between one special's end and the next one's start. */
export function gapsOf(series: DailySeries): number[] {
  const s = series.specials;
  return s.slice(1).map((x, i) => x.start - (s[i] as { end: number }).end);
}

/** Days waited so far: since the last special ended, or since the history began. */
export function daysWaited(series: DailySeries, today: number): number {
  const last = series.specials.at(-1);
  return today - (last ? last.end - 1 : series.firstDay);
}

export function priorChance(prior: OutlookPrior, baseRate: number, waited: number): number {
  const r = prior.rateEdges.findIndex((edge) => baseRate < edge);
  const w = prior.waitEdges.findIndex((edge) => waited < edge);
  const row = prior.chance[r === -1 ? prior.rateEdges.length : r] as number[];
  return row[w === -1 ? prior.waitEdges.length : w] as number;
}

/** P(a special starts in (today, today + 14]) for a product off special today. */
export function chanceWithin14(
  series: DailySeries,
  today: number,
  prior: OutlookPrior = OUTLOOK_PRIOR,
  weight = PRIOR_WEIGHT,
): number {
  const p0 = priorChance(prior, ownBaseRate(series, today), daysWaited(series, today));
  return survivalChance(series, today, p0, weight);
}

/** The survival step alone, with the prior chance `p0` given (the tuning run tries other priors). */
export function survivalChance(series: DailySeries, today: number, p0: number, weight: number): number {
  const waited = daysWaited(series, today);
  // Only a product's own gaps longer than today's wait say anything about what comes next.
  const atRisk = gapsOf(series)
    .map((gap) => gap + 1)
    .filter((gap) => gap > waited);
  const started = atRisk.filter((gap) => gap <= waited + HORIZON_DAYS).length;
  return (started + weight * p0) / (atRisk.length + weight);
}
