import { describe, expect, it } from 'vitest';
import { formatClockTime, nzClock, type OpeningDay, openingHoursText } from './opening-hours.js';

const everyDay = (open: string, close: string): OpeningDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open, close }));

// 2026-03-02 is a Monday; NZ is on daylight time (UTC+13) then.
const nz = (local: string) => new Date(`${local}+13:00`);

describe('formatClockTime', () => {
  it('writes times the way NZ shops do', () => {
    expect(formatClockTime('21:00')).toBe('9 pm');
    expect(formatClockTime('07:30')).toBe('7:30 am');
    expect(formatClockTime('12:00')).toBe('noon');
    expect(formatClockTime('00:00')).toBe('midnight');
    expect(formatClockTime('12:30')).toBe('12:30 pm');
  });
});

describe('openingHoursText', () => {
  const hours = everyDay('07:00', '21:00');

  it('says until when an open store trades', () => {
    expect(openingHoursText(hours, nz('2026-03-02T10:15:00'))).toBe('Open until 9 pm');
  });

  it('says when a closed store opens', () => {
    expect(openingHoursText(hours, nz('2026-03-02T06:59:00'))).toBe('Opens at 7 am');
    expect(openingHoursText(hours, nz('2026-03-02T21:00:00'))).toBe('Closed · opens 7 am');
  });

  it('knows a day the store does not open, and unknown hours', () => {
    const noSunday = hours.filter((h) => h.day !== 0);
    expect(openingHoursText(noSunday, nz('2026-03-01T12:00:00'))).toBe('Closed today');
    expect(openingHoursText(null, nz('2026-03-02T12:00:00'))).toBeNull();
    expect(openingHoursText([], nz('2026-03-02T12:00:00'))).toBeNull();
  });

  it('handles trading past midnight and NZ time whatever the machine zone', () => {
    expect(openingHoursText(everyDay('06:00', '00:00'), nz('2026-03-02T23:30:00'))).toBe(
      'Open until midnight',
    );
    // 2026-07-06 09:00 UTC is 21:00 on a Monday in NZ winter (UTC+12).
    expect(nzClock(new Date('2026-07-06T09:00:00Z'))).toEqual({ day: 1, minute: 21 * 60 });
  });
});
