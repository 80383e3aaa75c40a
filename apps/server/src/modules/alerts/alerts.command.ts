// npm run kete -- alerts:send: sends the price-drop digests that are due now, and says which
// recipients' mail servers refused theirs (each is tried again later, after a back-off).
import type { CliCommand } from '../../cli/command.js';
import { MailServerUnavailable } from './alert-delivery.js';
import { sendDueAlerts } from './alerts.service.js';

const emails = (n: number) => `${n} price-drop e-mail${n === 1 ? '' : 's'}`;

export const alertsSendCommand: CliCommand = {
  name: 'alerts:send',
  usage: 'alerts:send',
  summary: 'Send the price-drop e-mails that are due now (at most one a day per member)',
  async run(_args, ctx, io) {
    try {
      const { sent, refused } = await sendDueAlerts(ctx);
      io.out(`Sent ${emails(sent)}.`);
      if (refused.length === 0) return 0;
      io.err(`${emails(refused.length)} refused by the recipient's mail server, to be tried again:`);
      for (const r of refused) {
        const tries = r.failures === 1 ? 'first refusal' : `${r.failures} refusals in a row`;
        io.err(`  ${r.email}: ${r.error} (${tries}; next try after ${new Date(r.retryAt).toISOString()})`);
      }
      return 1;
    } catch (error) {
      if (!(error instanceof MailServerUnavailable)) throw error;
      io.err(error.message);
      return 1;
    }
  },
};
