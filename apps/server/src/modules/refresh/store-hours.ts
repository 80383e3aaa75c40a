// Opening hours as the chains' store feeds publish them, turned into OpeningDay rows
// ({day 0 = Sunday, open "HH:MM", close "HH:MM"}) and kept on the store.
import { type OpeningDay, ZOpeningDay } from '@kete/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PoliteHttp } from '../adapters/polite-http.js';

const dayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** "7:00 AM", "10:00 pm", "07:00", "21:00:00" -> "HH:MM"; null when it is not a time. */
export function clockTime(text: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap]\.?m\.?)?\s*$/i.exec(text ?? '');
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const half = m[3]?.toLowerCase().replaceAll('.', '');
  if (half === 'pm' && hour < 12) hour += 12;
  if (half === 'am' && hour === 12) hour = 0;
  if (hour > 24 || minute > 59) return null;
  return `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function day(open: string | null, close: string | null, index: number): OpeningDay[] {
  if (index < 0 || !open || !close || open === close) return [];
  return [{ day: index, open, close }];
}

/** Foodstuffs' store list: openingHours [{day: "Monday", dayShort, open, close}]. */
export function foodstuffsHours(
  hours: { day?: string; dayShort?: string; open?: string; close?: string }[] | undefined,
): OpeningDay[] | null {
  if (!hours?.length) return null;
  const days = hours.flatMap((h) => {
    const name = (h.day ?? h.dayShort ?? '').toLowerCase();
    const index = dayNames.findIndex((d) => name.length >= 3 && d.startsWith(name.slice(0, 3)));
    return day(clockTime(h.open), clockTime(h.close), index);
  });
  return days.length ? days : null;
}

interface CdxWeek {
  date?: { startDate?: string; endDate?: string };
  [day: string]: unknown;
}

/**
 * Woolworths' store locator (api.cdx.nz site-location): tradingHours is a list of weeks
 * {date: {startDate, endDate}, monday: {startTime, endTime}, ...}; the week holding `now` (else the
 * first) gives the hours.
 */
export function cdxHours(weeks: CdxWeek[] | undefined, now: number): OpeningDay[] | null {
  if (!weeks?.length) return null;
  const current =
    weeks.find((w) => {
      const start = Date.parse(`${w.date?.startDate ?? ''}Z`);
      const end = Date.parse(`${w.date?.endDate ?? ''}Z`) + 86_400_000;
      return start <= now && now < end;
    }) ?? weeks[0];
  const days = dayNames.flatMap((name, index) => {
    const hours = current?.[name] as { startTime?: string; endTime?: string } | null | undefined;
    return day(clockTime(hours?.startTime), clockTime(hours?.endTime), index);
  });
  return days.length ? days : null;
}

export const CDX_SITES = 'https://api.cdx.nz/site-location/api/v1/sites';

/** Every Woolworths site's hours from the store locator, by site id (one request for all). */
export async function fetchWoolworthsHours(
  http: PoliteHttp,
  now: number,
): Promise<Map<string, OpeningDay[]>> {
  // The locator sorts by distance from a point; without maxResults it answers every site.
  const { body } = await http.request<{
    siteDetail?: { site?: { id?: number | string }; tradingHours?: CdxWeek[] }[];
  }>(`${CDX_SITES}?latitude=-41.2865&longitude=174.7762`);
  const out = new Map<string, OpeningDay[]>();
  for (const detail of body.siteDetail ?? []) {
    const hours = cdxHours(detail.tradingHours, now);
    if (detail.site?.id !== undefined && hours) out.set(String(detail.site.id), hours);
  }
  return out;
}

export async function saveOpeningHours(db: Kysely<DB>, storeId: number, hours: OpeningDay[]): Promise<void> {
  const valid = hours.filter((h) => ZOpeningDay.safeParse(h).success);
  await db
    .updateTable('stores')
    .set({ opening_hours: JSON.stringify(valid) })
    .where('id', '=', storeId)
    .execute();
}
