// The outlook in plain words (issue 46), for the product drawer and the shopping-list rows:
// 'Usually on special about every 4 weeks; last ended 2 weeks ago. Likely on special in the next
// 2 weeks: wait if you can.' The chance shows as a word, never as a number.
import { dayOf, nzDateOfDay } from './daily-series.js';
import type { StoreOutlook } from './outlook-api.js';

export const notEnoughHistory = 'Not enough history to say';

export type ChanceWord = 'likely' | 'possible' | 'unlikely';

/** 0.6 and up 'likely', 0.3 and up 'possible', below that 'unlikely'. */
export function chanceWord(chance: number): ChanceWord {
  if (chance >= 0.6) return 'likely';
  if (chance >= 0.3) return 'possible';
  return 'unlikely';
}

const DAY = 86_400_000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const span = (days: number) => (days < 14 ? plural(days, 'day') : plural(Math.round(days / 7), 'week'));

function agoWords(date: string, today: string): string {
  const days = Math.round((Date.parse(today) - Date.parse(date)) / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${span(days)} ago`;
}

function patternWords(o: StoreOutlook, today: string): string {
  const pattern = o.everyDays
    ? `Usually on special about every ${span(o.everyDays)}`
    : o.basis.specials === 0
      ? `No special in ${span(o.basis.days)}`
      : 'On special once so far';
  return o.lastEnded ? `${pattern}; last ended ${agoWords(o.lastEnded, today)}.` : `${pattern}.`;
}

function adviceWords(o: StoreOutlook): string {
  if (o.advice === 'stock-up') return 'On special near its lowest this year: stock up.';
  if (o.onSpecial) return 'On special now: buy when you need it.';
  const chance = chanceWord(o.chance14d ?? 0);
  const head = chance === 'possible' ? 'Possibly' : chance === 'likely' ? 'Likely' : 'Unlikely';
  return `${head} on special in the next 2 weeks: ${o.advice === 'wait' ? 'wait if you can' : 'buy when you need it'}.`;
}

/** The outlook as one or two short sentences; `today` is New Zealand's date, YYYY-MM-DD. */
export function outlookWords(o: StoreOutlook, today: string): string {
  if (o.advice === 'unknown') return notEnoughHistory;
  return `${patternWords(o, today)} ${adviceWords(o)}`;
}

/** Today's date in New Zealand, YYYY-MM-DD: the day the outlook counts from (daily-series.ts). */
export function nzToday(now = Date.now()): string {
  return nzDateOfDay(dayOf(now));
}

/** The outlook the shopping list's row shows: stock-up first, then wait, then buy, else unknown. */
export function rowOutlook<T extends StoreOutlook>(stores: readonly T[]): T | undefined {
  const order = ['stock-up', 'wait', 'buy', 'unknown'];
  return [...stores].sort((a, b) => order.indexOf(a.advice) - order.indexOf(b.advice))[0];
}

/** One short line for a shopping-list row: the advice first, then where. */
export function rowOutlookWords(o: StoreOutlook, storeName: string): string {
  if (o.advice === 'unknown') return notEnoughHistory;
  if (o.advice === 'stock-up') return `Stock up: on special near its lowest at ${storeName}`;
  if (o.advice === 'wait') {
    const chance = chanceWord(o.chance14d ?? 0) === 'likely' ? 'Likely' : 'Possibly';
    return `Wait if you can: ${chance.toLowerCase()} on special at ${storeName} in the next 2 weeks`;
  }
  return o.onSpecial ? `On special at ${storeName} now` : 'Buy when you need it: a special soon is unlikely';
}
