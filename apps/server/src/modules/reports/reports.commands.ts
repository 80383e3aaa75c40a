// npm run kete -- reports [--open] / reports:resolve <id> [--hide-price] (issue 33 item 5).
import { type CliCommand, UsageError } from '../../cli/command.js';
import { DAY } from '../../lib/clock.js';
import { reportsService } from './reports.service.js';

const when = (at: number) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');
/** An account's age in whole days, as the operator reads it beside each report ('3 days'). */
const age = (since: number, now: number) => {
  const days = Math.max(0, Math.floor((now - since) / DAY));
  return `${days} day${days === 1 ? '' : 's'}`;
};

export const reportsCommand: CliCommand = {
  name: 'reports',
  usage: 'reports [--open]',
  summary: 'Shoppers’ reports of wrong prices (--open: only those not resolved)',
  async run(args, ctx, io) {
    const unknown = args.filter((a) => a !== '--open');
    if (unknown.length > 0) throw new UsageError(`Unknown option: ${unknown.join(' ')}`);
    const rows = await reportsService(ctx).list({ open: args.includes('--open') });
    const now = ctx.clock.now();
    if (rows.length === 0) {
      io.out(args.includes('--open') ? 'No open reports.' : 'No reports.');
      return 0;
    }
    for (const r of rows) {
      const state =
        r.resolvedAt === null
          ? 'open'
          : `resolved ${when(r.resolvedAt)}${r.hidePrice ? ', price hidden' : ''}`;
      const note = r.note ? ` "${r.note}"` : '';
      io.out(
        `#${r.id} ${r.kind} · ${r.productName} (product ${r.productId}) at ${r.storeName} (store ${r.storeId}) · ` +
          `${when(r.createdAt)} by ${r.userEmail} (workspace ${r.workspaceId}; ${r.userReports} report${r.userReports === 1 ? '' : 's'}, ` +
          `account ${age(r.userSince, now)} old) · ${state}${note}`,
      );
    }
    return 0;
  },
};

export const resolveReportCommand: CliCommand = {
  name: 'reports:resolve',
  usage: 'reports:resolve <id> [--hide-price | --restore]',
  summary:
    'Resolve a report (--hide-price: hide that price until a newer feed confirms one; --restore: trust it again at once)',
  async run(args, ctx, io) {
    const hide = args.includes('--hide-price');
    const restore = args.includes('--restore');
    const rest = args.filter((a) => a !== '--hide-price' && a !== '--restore');
    const id = Number(rest[0]);
    if (rest.length !== 1 || !Number.isInteger(id) || id <= 0)
      throw new UsageError('Give the id of one report.');
    if (hide && restore) throw new UsageError('Choose --hide-price or --restore, not both.');
    const service = reportsService(ctx);
    if (restore) {
      if (!(await service.restore(id))) {
        io.err(`No report #${id}.`);
        return 1;
      }
      io.out(`Report #${id} resolved; its price is shown and used again.`);
      return 0;
    }
    const done = await service.resolve(id, hide);
    if (!done) {
      io.err(`No open report #${id}.`);
      return 1;
    }
    io.out(`Report #${id} resolved${hide ? '; the price is hidden until a newer feed confirms one' : ''}.`);
    return 0;
  },
};
