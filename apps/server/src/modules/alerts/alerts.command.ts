// npm run kete -- alerts:send: sends the price-drop digests that are due now.
import type { CliCommand } from '../../cli/command.js';
import { sendDueAlerts } from './alerts.service.js';

export const alertsSendCommand: CliCommand = {
  name: 'alerts:send',
  usage: 'alerts:send',
  summary: 'Send the price-drop e-mails that are due now (at most one a day per member)',
  async run(_args, ctx, io) {
    const sent = await sendDueAlerts(ctx);
    io.out(`Sent ${sent} price-drop e-mail${sent === 1 ? '' : 's'}.`);
    return 0;
  },
};
