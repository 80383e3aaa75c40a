// What a failed search says (issue 9): the search box keeps its text and this shows in place of
// results, never a blank screen. A 400 carries the server's own reason (e.g. the 500-character
// limit); a lost connection or time-out and a server failure each get a plain sentence.
import { ApiRequestError } from '../../lib/api-errors.js';

export const searchFailureMessages = {
  offline: "Search couldn't reach Kete. Check your connection and try again.",
  server: "Search isn't working right now. Try again in a moment.",
};

export function searchFailureMessage(failure: unknown): string {
  if (!(failure instanceof ApiRequestError)) return searchFailureMessages.server;
  if (failure.status === 0) return searchFailureMessages.offline;
  if (failure.status === 400 && failure.body) return failure.body.message;
  return searchFailureMessages.server;
}
