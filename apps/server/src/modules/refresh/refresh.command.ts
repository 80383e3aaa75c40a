// npm run kete -- refresh [--dry-run]: fetches and ingests every store some workspace has chosen,
// specials first. Safe to run from cron beside the server: one refresh at a time per database.
import { parseArgs } from 'node:util';
import { type CliCommand, UsageError } from '../../cli/command.js';
import { describeSummary, refreshOnce } from './refresh.service.js';
import { chosenStores, describePlan, planQueues } from './refresh-plan.js';
import { refreshProgress } from './refresh-progress.js';

export const refreshCommand: CliCommand = {
  name: 'refresh',
  usage: 'refresh [--dry-run] [--interval-ms 1500] [--base-url url]',
  summary: 'Fetch and ingest every chosen store: specials first, then full listings',
  async run(args, ctx, io) {
    const { values } = parseArgs({
      args,
      options: {
        'dry-run': { type: 'boolean', default: false },
        'interval-ms': { type: 'string', default: '1500' },
        'base-url': { type: 'string' },
      },
    });
    const intervalMs = Number(values['interval-ms']);
    if (!Number.isFinite(intervalMs) || intervalMs < 0)
      throw new UsageError('--interval-ms takes milliseconds.');
    if (values['base-url'] && !URL.canParse(values['base-url']))
      throw new UsageError('--base-url takes a URL.');
    const queues = planQueues(await chosenStores(ctx.db));
    if (values['dry-run']) {
      for (const line of describePlan(queues, intervalMs)) io.out(line);
      return 0;
    }
    const steps = [...queues.values()].reduce((n, q) => n + q.length, 0);
    const summary = await refreshOnce(ctx, {
      intervalMs,
      retries: 4,
      backoffMs: 2000,
      baseUrl: values['base-url'],
      progress: refreshProgress(process.stderr, steps),
      log: (line) => io.err(line),
    });
    if (!summary) {
      io.err('A refresh is already running against this database; try again when it ends.');
      return 1;
    }
    io.out(describeSummary(summary));
    return summary.storesFailed > 0 ? 1 : 0;
  },
};
