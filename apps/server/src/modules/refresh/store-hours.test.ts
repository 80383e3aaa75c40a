import { describe, expect, it } from 'vitest';
import { sameProductKey } from './duplicate-rate.js';
import { cdxHours, clockTime, foodstuffsHours } from './store-hours.js';

describe('opening hours from the chains', () => {
  it('reads the times the feeds write', () => {
    expect(clockTime('7:00 AM')).toBe('07:00');
    expect(clockTime('10:30 pm')).toBe('22:30');
    expect(clockTime('12:00 PM')).toBe('12:00');
    expect(clockTime('12:00 AM')).toBe('00:00');
    expect(clockTime('21:00:00')).toBe('21:00');
    expect(clockTime('24:00')).toBe('00:00');
    expect(clockTime('closed')).toBeNull();
    expect(clockTime(undefined)).toBeNull();
  });

  it("reads Foodstuffs' openingHours by day name, leaving out days without times", () => {
    expect(
      foodstuffsHours([
        { day: 'Monday', dayShort: 'Mon', open: '7:00 AM', close: '10:00 PM' },
        { day: 'Sunday', dayShort: 'Sun', open: '8:00 AM', close: '8:00 PM' },
        { day: 'Saturday', dayShort: 'Sat', open: 'Closed', close: 'Closed' },
      ]),
    ).toEqual([
      { day: 1, open: '07:00', close: '22:00' },
      { day: 0, open: '08:00', close: '20:00' },
    ]);
    expect(foodstuffsHours([])).toBeNull();
    expect(foodstuffsHours(undefined)).toBeNull();
  });

  it("reads the Woolworths store locator's week that holds today", () => {
    // The real shape (Blim3202/OpenCode-NZ-Meal-Cost-Optimizer woolworths_store_data.json).
    const week = (start: string, end: string, close: string) => ({
      date: { startDate: `${start}T00:00:00`, endDate: `${end}T00:00:00` },
      monday: { startTime: '07:00:00', endTime: close },
      sunday: { startTime: '08:00:00', endTime: '20:00:00' },
      saturday: null,
    });
    const weeks = [
      week('2026-07-13', '2026-07-19', '21:00:00'),
      week('2026-07-20', '2026-07-26', '22:00:00'),
    ];
    expect(cdxHours(weeks, Date.parse('2026-07-22T03:00:00Z'))).toEqual([
      { day: 0, open: '08:00', close: '20:00' },
      { day: 1, open: '07:00', close: '22:00' },
    ]);
    // The last day of a week still belongs to it; outside every week the first one is used.
    expect(cdxHours(weeks, Date.parse('2026-07-19T20:00:00Z'))?.[1]?.close).toBe('21:00');
    expect(cdxHours(weeks, Date.parse('2027-01-01T00:00:00Z'))?.[1]?.close).toBe('21:00');
    expect(cdxHours([], 0)).toBeNull();
  });
});

describe('the duplicate key', () => {
  it('is the same for one pack as two chains describe it', () => {
    expect(sameProductKey({ id: 1, name: 'anchor blue top milk', brand: 'anchor', size: '2L' })).toBe(
      sameProductKey({ id: 2, name: 'Blue Top Milk', brand: 'Anchor', size: '2 l' }),
    );
    expect(sameProductKey({ id: 1, name: 'Blue Top Milk', brand: 'Anchor', size: '1L' })).not.toBe(
      sameProductKey({ id: 2, name: 'Blue Top Milk', brand: 'Anchor', size: '2L' }),
    );
  });
});
