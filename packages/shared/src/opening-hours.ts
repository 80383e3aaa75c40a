// A store's opening hours (as the chains' store feeds publish them) and the short line shown beside
// it: "Open until 9 pm", "Opens at 7 am", "Closed today". Hours are New Zealand local time.
// No zod here: the web app imports this file, and zod (its schemas are in api.ts) would then
// ride along in the first-load JavaScript.

/** One day's hours: day 0 is Sunday; times are "HH:MM" (24-hour, NZ local). */
export interface OpeningDay {
  day: number;
  open: string;
  close: string;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "21:00" -> "9 pm", "07:30" -> "7:30 am", "00:00" -> "midnight", "12:00" -> "noon". */
export function formatClockTime(hhmm: string): string {
  const total = minutes(hhmm) % (24 * 60);
  if (total === 0) return 'midnight';
  if (total === 12 * 60) return 'noon';
  const hour = Math.floor(total / 60);
  const minute = total % 60;
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return `${shown}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekday (0 = Sunday) and minutes since midnight at `now` in New Zealand. */
export function nzClock(now: Date): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-NZ', {
    timeZone: 'Pacific/Auckland',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: weekdays.indexOf(get('weekday')), minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/**
 * The line for a store at `now`, or null when its hours are unknown. A close at or before the
 * open ("00:00") means the store trades past midnight.
 */
export function openingHoursText(hours: OpeningDay[] | null | undefined, now: Date): string | null {
  if (!hours || hours.length === 0) return null;
  const { day, minute } = nzClock(now);
  const today = hours.find((h) => h.day === day);
  if (!today) return 'Closed today';
  const open = minutes(today.open);
  let close = minutes(today.close);
  if (close <= open) close += 24 * 60;
  if (minute < open) return `Opens at ${formatClockTime(today.open)}`;
  if (minute < close) return `Open until ${formatClockTime(today.close)}`;
  const tomorrow = hours.find((h) => h.day === (day + 1) % 7);
  return tomorrow ? `Closed · opens ${formatClockTime(tomorrow.open)}` : 'Closed';
}
