// npm run kete -- status: per chain and per chosen store, the newest and oldest price age and the
// last refresh's result and error (issue 33, item 2); then every store with prices whose newest is
// older than KETE_STALE_DAYS, chosen by a shopping list or not (issue 48 item 6).
import type { CliCommand } from '../../cli/command.js';
import { ageText, describeStatus, priceStatus } from './price-status.js';
import { staleStores } from './stale-stores.js';

export const statusCommand: CliCommand = {
  name: 'status',
  usage: 'status',
  summary: 'How fresh the chosen stores’ prices are, per chain and store, and each last refresh',
  async run(_args, ctx, io) {
    const status = await priceStatus(ctx);
    for (const line of describeStatus(status)) io.out(line);
    const stale = await staleStores(ctx);
    io.out(
      stale.length === 0
        ? `No store holds prices older than ${status.staleDays} days at its newest.`
        : `Stale: ${stale.length} ${stale.length === 1 ? 'store' : 'stores'} whose newest price is older than ${status.staleDays} days (chosen or not):`,
    );
    for (const s of stale)
      io.out(`  ${s.chain} ${s.name}: newest price ${ageText(s.newestSeenAt, status.now)} old`);
    return status.chains.some((c) => c.stalled) ? 2 : 0;
  },
};
