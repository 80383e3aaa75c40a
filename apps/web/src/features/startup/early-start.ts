// A signed-in page load of a workspace screen (a reload in the aisle, or the app opened from the
// phone's home screen) always goes through start-up, which asks the server for the workspace's
// data. That request starts here, as the app's code runs, instead of after React's first render
// and start-up's effect: on a slow phone the data then arrives a few hundred milliseconds sooner.
// Start-up takes the request (once) rather than sending its own.
import type { InitialData } from '@kete/shared';
import { startSession } from '../auth/api/identity-api.js';
import { startWhereYouWere } from '../offline/start-where-you-were.js';

let early: Promise<InitialData> | null = null;

/** Sends start-up's request for a returning page load (a /w path, as start-up would). */
export function startEarly(): void {
  early = startWhereYouWere(true, startSession);
  // Start-up handles a failure; until it takes the promise, it is not an unhandled rejection.
  early.catch(() => {});
}

/** The request sent early, for a returning start-up; each is taken once. */
export function takeEarlyStart(returning: boolean): Promise<InitialData> | null {
  const taken = returning ? early : null;
  early = null;
  return taken;
}
