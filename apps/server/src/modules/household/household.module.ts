// The household in the store (issue 35, decision 0021): aisle orders learned per store, the
// shopping trip other members see, and Web Push to their phones.
import type { ServerModule } from '../../server-module.js';
import { householdMigration } from './household.migration.js';
import { householdRoutes } from './household.routes.js';

export const householdModule: ServerModule = {
  name: 'household',
  migrations: () => ({ '120-household': householdMigration }),
  async routes(app, ctx) {
    await householdRoutes(app, ctx);
  },
};
