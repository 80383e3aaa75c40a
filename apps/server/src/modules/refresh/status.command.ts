// npm run kete -- status: per chain and per chosen store, the newest and oldest price age and the
// last refresh's result and error (issue 33, item 2).
import type { CliCommand } from '../../cli/command.js';
import { describeStatus, priceStatus } from './price-status.js';

export const statusCommand: CliCommand = {
  name: 'status',
  usage: 'status',
  summary: 'How fresh the chosen stores’ prices are, per chain and store, and each last refresh',
  async run(_args, ctx, io) {
    const status = await priceStatus(ctx);
    for (const line of describeStatus(status)) io.out(line);
    return status.chains.some((c) => c.stalled) ? 2 : 0;
  },
};
