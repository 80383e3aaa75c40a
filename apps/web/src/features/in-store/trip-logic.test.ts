import { describe, expect, it } from 'vitest';
import {
  barFill,
  isStale,
  mergeTripLines,
  parseBudget,
  TRIP_LIFETIME_MS,
  type Trip,
  type TripLine,
  tripTotals,
  weekOf,
} from './trip-logic.js';

const line = (productId: number, lineTotal: number, listedId: number | null = productId): TripLine => ({
  productId,
  listedId,
  name: `P${productId}`,
  brand: null,
  displayUnits: null,
  imageUrl: null,
  saleType: 0,
  quantity: 1,
  lineTotal,
});

const trip = (lines: TripLine[], ticked: Record<number, number> = {}): Trip => ({
  storeId: 1,
  startedAt: 0,
  lines,
  ticked,
});

describe('mergeTripLines', () => {
  it('keeps ticked lines and scanned extras, drops lines taken off the list, adds newly planned ones', () => {
    const current = trip([line(1, 100), line(2, 200), line(3, 300), line(9, 50, null)], { 1: 100 });
    const planned = [line(2, 200), line(4, 400), line(12, 120, 5)];
    const onList = new Set([2, 4, 5]);
    expect(mergeTripLines(current, planned, onList).map((l) => l.productId)).toEqual([1, 2, 9, 4, 12]);
  });

  it('does not add a substitute line twice for the same listed item', () => {
    const current = trip([line(12, 120, 5)]);
    expect(mergeTripLines(current, [line(13, 110, 5)], new Set([5]))).toHaveLength(1);
  });
});

describe('tripTotals', () => {
  it('adds what is in the trolley and what was planned, scanned extras being unplanned', () => {
    expect(tripTotals([line(1, 100), line(2, 250)], { 2: 250 })).toEqual({ inTrolley: 250, planned: 350 });
    expect(tripTotals([line(1, 100), line(9, 70, null)], { 9: 70 })).toEqual({ inTrolley: 70, planned: 100 });
  });
});

describe('isStale', () => {
  it('ends a trip after twelve hours', () => {
    expect(isStale(trip([]), TRIP_LIFETIME_MS)).toBe(false);
    expect(isStale(trip([]), TRIP_LIFETIME_MS + 1)).toBe(true);
  });
});

describe('weekOf', () => {
  it('is the Monday of the week, Sunday belonging to the week before', () => {
    expect(weekOf(new Date(2026, 10, 23, 9))).toBe('2026-11-23'); // a Monday
    expect(weekOf(new Date(2026, 10, 29, 23))).toBe('2026-11-23'); // the Sunday after
    expect(weekOf(new Date(2026, 10, 30, 0, 1))).toBe('2026-11-30');
    expect(weekOf(new Date(2027, 0, 2))).toBe('2026-12-28'); // across the new year
  });
});

describe('barFill', () => {
  it('fills up to the whole bar and says when the amount goes over', () => {
    expect(barFill(6200, 15000)).toEqual({ share: 6200 / 15000, over: false });
    expect(barFill(16000, 15000)).toEqual({ share: 1, over: true });
    expect(barFill(0, 0)).toEqual({ share: 0, over: false });
  });
});

describe('parseBudget', () => {
  it('reads dollars into cents', () => {
    expect(parseBudget('150')).toBe(15000);
    expect(parseBudget(' $1,150.5 ')).toBe(115050);
    expect(parseBudget('')).toBeNull();
    expect(parseBudget('abc')).toEqual({ error: 'Enter the budget in dollars, like 150 or 150.50.' });
    expect(parseBudget('0')).toEqual({ error: 'Enter the budget in dollars, like 150 or 150.50.' });
  });
});
