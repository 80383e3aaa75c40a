// Feeds that stall are noticed (issue 33, item 2): once at start and then once a day, an error is
// logged for each chain whose chosen stores have no price younger than KETE_STALE_DAYS.
import type { AppContext } from '../../app-context.js';
import { priceStatus, stalledLines } from './price-status.js';

const DAY_MS = 86_400_000;

export async function checkStalledChains(ctx: AppContext, log: (line: string) => void): Promise<number> {
  const lines = stalledLines(await priceStatus(ctx));
  for (const line of lines) log(line);
  return lines.length;
}

export function watchStalledChains(ctx: AppContext, log: (line: string) => void): void {
  const check = () =>
    checkStalledChains(ctx, log).catch((error) => log(`Price status not checked: ${String(error)}`));
  // After start-up's own work, so a first start is not slowed by it.
  setTimeout(check, 60_000).unref();
  setInterval(check, DAY_MS).unref();
}
