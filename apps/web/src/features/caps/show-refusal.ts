// A write refused where no form shows it (a heart, '+', a swipe, a list copied to the shopping
// list): the reason goes to the app's toast, never swallowed. A cap reached on another phone comes
// back as the server's 400 with limitMessages' text; a failure the client already routed to a
// page (/login, /e/...) says nothing more.
import { limitMessages, type WorkspaceLimit } from '@kete/shared';
import { ApiRequestError, UNEXPECTED_MESSAGE } from '../../lib/api-errors.js';
import { useLiveToast } from '../live/live-toast.js';

/** Thrown before a request when the data on hand already shows the cap is reached. */
export class CapReached extends Error {
  constructor(readonly limit: WorkspaceLimit) {
    super(limitMessages[limit]);
    this.name = 'CapReached';
  }
}

/** The message a failed write shows, or null when the shopper was already sent elsewhere. */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof CapReached) return error.message;
  if (!(error instanceof ApiRequestError)) return UNEXPECTED_MESSAGE;
  // The server's top-level message (its errors.<field>.message says the same for a cap).
  return error.routed ? null : error.message;
}

export function showRefusal(error: unknown): void {
  const message = refusalMessage(error);
  if (message) useLiveToast.getState().show(message);
}
