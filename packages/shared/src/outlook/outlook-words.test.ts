import { describe, expect, it } from 'vitest';
import type { StoreOutlook } from './outlook-api.js';
import { chanceWord, outlookWords, rowOutlook, rowOutlookWords } from './outlook-words.js';

const base: StoreOutlook = {
  storeId: 1,
  advice: 'wait',
  chance14d: 0.8,
  likelyFrom: '2026-03-12',
  likelyTo: '2026-03-12',
  typicalPrice: 500,
  specialPrice: 350,
  basis: { specials: 7, days: 200 },
  everyDays: 28,
  lastEnded: '2026-02-16',
  onSpecial: false,
};

describe('outlookWords', () => {
  it("says the issue's sentence for a 4-weekly special that ended 2 weeks ago", () => {
    expect(outlookWords(base, '2026-03-02')).toBe(
      'Usually on special about every 4 weeks; last ended 2 weeks ago. Likely on special in the next 2 weeks: wait if you can.',
    );
  });

  it('says buy when a special is unlikely or possible but not worth waiting for', () => {
    expect(outlookWords({ ...base, advice: 'buy', chance14d: 0.1 }, '2026-02-19')).toBe(
      'Usually on special about every 4 weeks; last ended 3 days ago. Unlikely on special in the next 2 weeks: buy when you need it.',
    );
    expect(outlookWords({ ...base, advice: 'buy', chance14d: 0.45 }, '2026-02-17')).toContain(
      'yesterday. Possibly on special in the next 2 weeks: buy when you need it.',
    );
  });

  it('says a product never on special, stock-up and unknown plainly', () => {
    const never = { ...base, advice: 'buy' as const, chance14d: 0.03, everyDays: null, lastEnded: null };
    expect(outlookWords({ ...never, basis: { specials: 0, days: 181 } }, '2026-03-02')).toBe(
      'No special in 26 weeks. Unlikely on special in the next 2 weeks: buy when you need it.',
    );
    expect(outlookWords({ ...base, advice: 'stock-up', onSpecial: true }, '2026-03-02')).toBe(
      'Usually on special about every 4 weeks; last ended 2 weeks ago. On special near its lowest this year: stock up.',
    );
    expect(outlookWords({ ...base, advice: 'unknown', chance14d: null }, '2026-03-02')).toBe(
      'Not enough history to say',
    );
  });

  it('words the chance: likely from 0.6, possible from 0.3', () => {
    expect([0, 0.29, 0.3, 0.59, 0.6, 1].map(chanceWord)).toEqual([
      'unlikely',
      'unlikely',
      'possible',
      'possible',
      'likely',
      'likely',
    ]);
  });
});

describe('rowOutlookWords', () => {
  it('puts stock-up, then wait, then buy first, and says it in one short line', () => {
    const buy = { ...base, storeId: 2, advice: 'buy' as const, chance14d: 0.1 };
    const wait = { ...base, storeId: 3 };
    expect(rowOutlook([buy, wait])?.storeId).toBe(3);
    expect(rowOutlook([buy, { ...base, storeId: 4, advice: 'stock-up' as const }, wait])?.storeId).toBe(4);
    expect(rowOutlookWords(wait, 'New World Albany')).toBe(
      'Wait if you can: likely on special at New World Albany in the next 2 weeks',
    );
    expect(rowOutlookWords(buy, 'New World Albany')).toBe('Buy when you need it: a special soon is unlikely');
    expect(rowOutlookWords({ ...base, advice: 'unknown' }, 'X')).toBe('Not enough history to say');
  });
});
