// Who gets a digest is one question; whether their mail server takes it is another, per recipient.
// A mailbox that answers 550 (or 4xx) fails that digest alone: it is recorded and tried again after
// a back-off, and the run goes on to everyone else. A mail server that cannot be reached at all is
// nobody's mailbox: the run stops there and every digest not yet sent waits for the next run.

import { DAY, HOUR } from '../../lib/clock.js';

/** First retry an hour after a refusal, then doubling, at most a week apart. */
export function retryDelayMs(failures: number): number {
  return Math.min(HOUR * 2 ** Math.max(0, failures - 1), 7 * DAY);
}

interface SmtpError {
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/** An answer from the mail server about this message (an SMTP reply code), not a lost connection. */
export function isRecipientRefusal(error: unknown): boolean {
  const code = (error as SmtpError | null)?.responseCode;
  return typeof code === 'number' && code >= 400 && code < 600;
}

/** The server's answer on one line, short enough to print and keep. */
export function mailErrorText(error: unknown): string {
  const e = error as SmtpError | null;
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

/** The mail server could not be reached (or no mail could be written): nothing more is sent this run. */
export class MailServerUnavailable extends Error {}
