// Buy now or wait (issue 46): when a product is next likely on special at each store, from its
// own price history (packages/shared outlook/, docs/decisions/0025-buy-now-or-wait.md).
import type { ServerModule } from '../../server-module.js';
import { afterIngest } from '../ingest/ingest.service.js';
import { outlookRoutes } from './outlook.routes.js';
import { outlookWaitsMigration } from './outlook-waits.migration.js';
import { tellStartedSpecials } from './special-started.js';

export const outlookModule: ServerModule = {
  name: 'outlook',
  migrations: () => ({ '146-outlook-waits': outlookWaitsMigration }),
  async routes(app, ctx) {
    await outlookRoutes(app, ctx);
    // After a feed, in the background (a feed never waits for mail); waited for on close.
    const inFlight = new Set<Promise<unknown>>();
    const stop = afterIngest((target) => {
      if (target.db !== ctx.db) return;
      const telling = tellStartedSpecials(ctx)
        .catch((error) => app.log.error({ err: error }, 'telling started specials failed'))
        .finally(() => inFlight.delete(telling));
      inFlight.add(telling);
    });
    app.addHook('onClose', async () => {
      stop();
      await Promise.all(inFlight);
    });
  },
};
