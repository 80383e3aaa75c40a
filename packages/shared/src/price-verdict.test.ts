import { describe, expect, it } from 'vitest';
import { PromotionType } from './enums.js';
import {
  DAY_MS,
  everyPointVerdict,
  FOREVER_DAY,
  onePointVerdict,
  type PricePoint,
  priceVerdict,
  unitCost,
  verdictValidUntil,
} from './price-verdict.js';

const now = Date.UTC(2026, 10, 23);
/** A point `daysAgo` days before now. */
const at = (daysAgo: number, price: number | null, promotionType = 0, multibuy?: [number, number]) => ({
  observedAt: now - daysAgo * DAY_MS,
  price,
  promotionType,
  multibuyQuantity: multibuy?.[0] ?? null,
  multibuyPrice: multibuy?.[1] ?? null,
});
const special = PromotionType.WoolworthsSpecial;

describe('priceVerdict', () => {
  it('reads a point repeating the one before (an observation kept as a point) as no change', () => {
    const once = [at(200, 450), at(100, 400, special), at(93, 450)];
    const sampled = [
      at(200, 450),
      at(150, 450),
      at(100, 400, special),
      at(96, 400, special),
      at(93, 450),
      at(1, 450),
    ];
    expect(priceVerdict(sampled, now)).toEqual(priceVerdict(once, now));
    // A price seen twice and never changed is judged as one point, and its verdict kept as long.
    const twice = [at(200, 450), at(100, 450)];
    expect(priceVerdict(twice, now)).toEqual(onePointVerdict(at(200, 450), now));
    expect(verdictValidUntil(twice, now)).toBe(FOREVER_DAY);
  });

  it('gives no rating off promotion, but the usual price and the year low', () => {
    const history: PricePoint[] = [at(200, 450), at(100, 400, special), at(93, 450)];
    expect(priceVerdict(history, now)).toEqual({
      priorPrice: null,
      usualPrice: 450,
      lowest365: 400,
      dealRating: null,
    });
  });

  it('calls a first-time discount below the 30-day low genuine, and great when it is the year low', () => {
    const history = [at(200, 500), at(5, 400, special)];
    expect(priceVerdict(history, now)).toEqual({
      priorPrice: 500,
      usualPrice: 500,
      lowest365: 400,
      dealRating: 'great',
    });
    // The year low was lower still (a deeper special 200 days ago): a real saving, not great.
    const deeper = [at(300, 500), at(200, 300, special), at(190, 500), at(5, 450, special)];
    expect(priceVerdict(deeper, now)).toMatchObject({
      priorPrice: 500,
      lowest365: 300,
      dealRating: 'genuine',
    });
  });

  it('sees through a promotion after a price rise: no saving against the price a month ago', () => {
    // $4.00 for months, raised to $5.00 ten days before a "special" at $4.50.
    const history = [at(200, 400), at(20, 500), at(10, 450, special)];
    expect(priceVerdict(history, now)).toEqual({
      priorPrice: 400,
      usualPrice: 400,
      lowest365: 400,
      dealRating: 'none',
    });
  });

  it('takes the prior price from before the first of back-to-back promotions', () => {
    // $6 shelf, then a Clubcard price, then straight into a deeper special.
    const history = [at(250, 600), at(40, 520, special), at(20, 480, PromotionType.WoolworthsClubPrice)];
    const verdict = priceVerdict(history, now);
    expect(verdict.priorPrice).toBe(600);
    expect(verdict.dealRating).toBe('great');
  });

  it("rates a special 'usual' when back-to-back promotions cover most of the last 90 days", () => {
    // Three promotions of 20 days each, back to back, then the current one: 70 of 90 days.
    const history = [
      at(400, 500),
      at(70, 399, special),
      at(50, 420, PromotionType.WoolworthsClubPrice),
      at(30, 399, special),
      at(10, 380, special),
    ];
    const verdict = priceVerdict(history, now);
    expect(verdict.dealRating).toBe('usual');
    expect(verdict.priorPrice).toBe(500);
    // Promotions on 40 of the last 90 days are not most days: judged on the saving instead.
    const shorter = [at(400, 500), at(40, 399, special)];
    expect(priceVerdict(shorter, now).dealRating).toBe('great');
  });

  it("says 'great' only from a history reaching 180 days before the special (issue 45)", () => {
    // The case: a special 8 days after Kete first saw the product, at its only low.
    expect(priceVerdict([at(20, 500), at(12, 450, special)], now)).toMatchObject({
      priorPrice: null,
      lowest365: 450,
      dealRating: 'unknown',
    });
    // 120 days known: the 30-day prior price is, so a saving is 'genuine', never a year's low.
    expect(priceVerdict([at(130, 500), at(10, 450, special)], now)).toMatchObject({
      priorPrice: 500,
      dealRating: 'genuine',
    });
    // 179 days is not enough, 180 is.
    expect(priceVerdict([at(189, 500), at(10, 450, special)], now).dealRating).toBe('genuine');
    expect(priceVerdict([at(190, 500), at(10, 450, special)], now).dealRating).toBe('great');
  });

  it('has no prior price when the history is shorter than 30 days before the promotion', () => {
    const history = [at(40, 500), at(15, 450, special)];
    expect(priceVerdict(history, now)).toMatchObject({ priorPrice: null, dealRating: 'unknown' });
    // Not the year low, and the price before the special is not known: Kete says it cannot
    // judge ('unknown'), never 'no real saving' (issue 33).
    const unknown = [at(40, 500), at(35, 300), at(34, 500), at(15, 450, special)];
    expect(priceVerdict(unknown, now)).toMatchObject({ priorPrice: null, dealRating: 'unknown' });
    // A special first seen on promotion: nothing before it is known.
    expect(priceVerdict([at(10, 450, special)], now)).toMatchObject({ dealRating: 'unknown' });
    expect(priceVerdict([at(10, 450, special), at(5, 450, special, [2, 900])], now).dealRating).toBe(
      'unknown',
    );
    // 30 days of history before the special: judged.
    expect(priceVerdict([at(45, 500), at(15, 500, special)], now).dealRating).toBe('none');
  });

  it('reads the history as far back as it holds (a long run of specials keeps its prior price)', () => {
    // Specials back to back for two and a half years, after a year at $6: the prior price is the
    // shelf price before the run began, 900+ days ago.
    const run = [at(1300, 600), at(950, 500, special), at(500, 480, special), at(20, 450, special)];
    expect(priceVerdict(run, now)).toMatchObject({ priorPrice: 600, dealRating: 'usual' });
  });

  it('skips delisting gaps: they count for no price and do not end a run of promotions', () => {
    const history = [at(200, 350), at(60, 500), at(50, null), at(45, 500), at(8, 420, special)];
    // 200..60 days ago at $3.50 is outside the 30 days before the promotion; the gap has no price.
    expect(priceVerdict(history, now)).toMatchObject({
      priorPrice: 500,
      usualPrice: 500,
      lowest365: 350,
      dealRating: 'genuine',
    });
    const run = [at(200, 600), at(30, 500, special), at(20, null), at(15, 500, special)];
    expect(priceVerdict(run, now).priorPrice).toBe(600);
    // Delisted now: nothing to judge.
    expect(priceVerdict([at(100, 500), at(3, null)], now).usualPrice).toBeNull();
  });

  it('compares multibuys per unit', () => {
    // "2 for $8" against a $5 shelf price: $4 a unit, a real saving.
    const history = [at(100, 500), at(200, 450), at(5, 500, special, [2, 800])];
    const verdict = priceVerdict(history, now);
    expect(verdict).toMatchObject({ priorPrice: 500, lowest365: 400, dealRating: 'great' });
    // "2 for $10" on a $5 item saves nothing.
    expect(priceVerdict([at(100, 500), at(5, 500, special, [2, 1000])], now).dealRating).toBe('none');
  });

  it('has no verdict without history', () => {
    expect(priceVerdict([], now)).toEqual({
      priorPrice: null,
      usualPrice: null,
      lowest365: null,
      dealRating: null,
    });
  });
});

describe('unitCost', () => {
  it('is the cheaper of the shelf price and the multibuy share', () => {
    expect(unitCost(at(0, 500, 0, [3, 1000]))).toBe(333);
    expect(unitCost(at(0, 300, 0, [2, 1000]))).toBe(300);
    expect(unitCost(at(0, null))).toBeNull();
  });
});

describe('onePointVerdict', () => {
  it('judges a price that never changed exactly as the general rule does', () => {
    // A deterministic spread of single points: new today, this instant, in the future, weeks to
    // years old, on and off promotion, with multibuys and delistings.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const ages = [0, -1, 0.5, 1, 29, 30, 31, 44.9, 45, 45.1, 89, 90, 91, 364, 365, 366, 800];
    const kinds = [0, 1, special, PromotionType.NewWorldClubCard, PromotionType.PakNSaveExtraLow];
    let checked = 0;
    for (const age of ages) {
      for (const promotionType of kinds) {
        for (const price of [null, 1, 450, 999]) {
          const multibuy: [number, number] | undefined =
            next() < 0.3 ? [2, Math.round(next() * 1500)] : undefined;
          const point = at(age, price, promotionType, multibuy);
          expect(onePointVerdict(point, now), JSON.stringify(point)).toEqual(everyPointVerdict([point], now));
          expect(priceVerdict([point], now)).toEqual(everyPointVerdict([point], now));
          checked++;
        }
      }
    }
    expect(checked).toBe(ages.length * kinds.length * 4);
  });
});

describe('verdictValidUntil', () => {
  const today = now / DAY_MS;
  const judged = (points: PricePoint[], day: number) => priceVerdict(points, now + day * DAY_MS);

  it('keeps the verdict of a price that never changed, off promotion, for good', () => {
    expect(verdictValidUntil([at(10, 450)], now)).toBe(FOREVER_DAY);
    expect(judged([at(10, 450)], 400)).toEqual(judged([at(10, 450)], 0));
  });

  it('keeps a new promotion until it has run half the usual window, and judges it then', () => {
    const points = [at(10, 400, special)];
    const until = verdictValidUntil(points, now);
    expect(until).toBe(today + 35);
    // Every day before then the verdict is the one stored; from the day after, it is 'usual'.
    for (let day = 0; day < until - today; day++) expect(judged(points, day)).toEqual(judged(points, 0));
    expect(judged(points, until - today + 1).dealRating).toBe('usual');
    expect(verdictValidUntil([at(60, 400, special)], now)).toBe(FOREVER_DAY);
  });

  it('judges any history that changed again the next day', () => {
    expect(verdictValidUntil([at(100, 500), at(5, 400, special)], now)).toBe(today + 1);
    // A price seen this instant, or only in the future, has not held for any time yet.
    expect(verdictValidUntil([at(0, 450)], now)).toBe(today + 1);
    expect(verdictValidUntil([at(-2, 450)], now)).toBe(today + 1);
  });
});
