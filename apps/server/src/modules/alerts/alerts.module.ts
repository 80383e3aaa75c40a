// Price-drop alerts (issue 12): the alert setting, the digest e-mails and the home strip's drops.
import type { ServerModule } from '../../server-module.js';
import { afterIngest } from '../ingest/ingest.service.js';
import { alertDeliveryMigration } from './alert-delivery.migration.js';
import { alertsSendCommand } from './alerts.command.js';
import { alertsMigration } from './alerts.migration.js';
import { alertsRoutes } from './alerts.routes.js';
import { sendDueAlerts } from './alerts.service.js';

export const alertsModule: ServerModule = {
  name: 'alerts',
  migrations: () => ({ '040-price-alerts': alertsMigration, '051-alert-delivery': alertDeliveryMigration }),
  async routes(app, ctx) {
    await alertsRoutes(app, ctx);
    // The server sends after its own ingests (scheduled refreshes), in the background: an ingest
    // never waits for mail. Sends in flight are waited for on close.
    const inFlight = new Set<Promise<unknown>>();
    const stop = afterIngest((target) => {
      if (target.db !== ctx.db) return;
      const sending = sendDueAlerts(ctx)
        .then(({ refused }) => {
          for (const r of refused) app.log.warn({ to: r.email, error: r.error }, 'price-drop e-mail refused');
        })
        .catch((error) => app.log.error({ err: error }, 'sending price-drop alerts failed'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    });
    app.addHook('onClose', async () => {
      stop();
      await Promise.all(inFlight);
    });
  },
  commands: [alertsSendCommand],
};
