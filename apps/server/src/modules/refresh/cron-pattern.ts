// The refresh schedule's time zone and the check of KETE_REFRESH, apart from the refresh itself so
// the configuration can use it without loading the catalogue.
import { Cron } from 'croner';

/** NZ time: the chains change their specials on New Zealand's calendar. */
export const REFRESH_TIME_ZONE = 'Pacific/Auckland';

/** Throws a readable error for a pattern croner cannot run. */
export function checkCronPattern(pattern: string): void {
  new Cron(pattern, { paused: true, timezone: REFRESH_TIME_ZONE }).stop();
}
