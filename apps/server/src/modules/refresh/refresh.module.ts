// Issue 11, real prices: the refresh of chosen stores (command and schedule), the lease that keeps
// it single across processes, and the store facts the chains publish.
import type { ServerModule } from '../../server-module.js';
import { duplicatesCommand } from './duplicates.command.js';
import { refreshCommand } from './refresh.command.js';
import { refreshLeaseMigration, refreshResultsMigration, storeFactsMigration } from './refresh.migration.js';
import { startRefreshSchedule } from './refresh-schedule.js';
import { watchStalledChains } from './stalled-chains.js';
import { statusCommand } from './status.command.js';
import { statusRoutes } from './status.routes.js';

export const refreshModule: ServerModule = {
  name: 'refresh',
  migrations: () => ({
    '020-refresh-lease': refreshLeaseMigration,
    '021-store-facts': storeFactsMigration,
    '090-refresh-results': refreshResultsMigration,
  }),
  routes: statusRoutes,
  commands: [refreshCommand, duplicatesCommand, statusCommand],
  async onStart(ctx) {
    watchStalledChains(ctx, (line) => console.error(line));
    const pattern = ctx.config.refreshCron;
    if (!pattern) return;
    const job = startRefreshSchedule(ctx, pattern, (line) => console.log(line));
    console.log(`Price refresh scheduled (${pattern}, NZ time); next at ${job.nextRun()?.toISOString()}.`);
  },
};
