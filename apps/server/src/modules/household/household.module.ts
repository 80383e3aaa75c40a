// The household in the store (issue 35, decision 0021): aisle orders learned per store, the
// shopping trip other members see, and Web Push to their phones.
import type { ServerModule } from '../../server-module.js';
import { workspaceDrops } from '../alerts/alerts.service.js';
import { afterIngest } from '../ingest/ingest.service.js';
import { equivalentsMigration } from './equivalents.migration.js';
import { equivalentsRoutes } from './equivalents.routes.js';
import { householdMigration } from './household.migration.js';
import { householdRoutes } from './household.routes.js';
import { sendInstantDrops } from './push/drop-pushes.js';
import { pushRoutes } from './push/push.routes.js';
import { inBackground, pushesSettled } from './push/push.service.js';
import { pushFailuresMigration } from './push/push-bounds.migration.js';

export const householdModule: ServerModule = {
  name: 'household',
  migrations: () => ({
    '096-equivalents': equivalentsMigration,
    '120-household': householdMigration,
    '125-push-failures': pushFailuresMigration,
  }),
  async routes(app, ctx) {
    await householdRoutes(app, ctx);
    await pushRoutes(app, ctx);
    await equivalentsRoutes(app, ctx);
    // Pushes go out in the background; closing waits for those under way.
    const stop = afterIngest((target) => {
      if (target.db !== ctx.db) return;
      const dropsFor = (workspaceId: number, since: number, now: number) =>
        workspaceDrops(ctx, workspaceId, since, now);
      inBackground(ctx, sendInstantDrops(ctx, dropsFor), (error) =>
        app.log.error({ err: error }, 'instant price-drop pushes failed'),
      );
    });
    app.addHook('onClose', () => {
      stop();
      return pushesSettled(ctx);
    });
  },
};
