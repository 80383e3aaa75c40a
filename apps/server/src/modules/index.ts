import type { ServerModule } from '../server-module.js';
import { alertsModule } from './alerts/alerts.module.js';
import { backupModule } from './backup/backup.module.js';
import { catalogueModule } from './catalogue.module.js';
import { eventsModule } from './events/events.module.js';
import { householdModule } from './household/household.module.js';
import { limitsModule } from './limits/limits.module.js';
import { mealsModule } from './meals.module.js';
import { outlookModule } from './outlook/outlook.module.js';
import { refreshModule } from './refresh/refresh.module.js';
import { shoppingModule } from './shopping.module.js';

/** Every feature module, in start-up order. */
// events first: its hook publishes the writes of every route registered after it.
export const serverModules: ServerModule[] = [
  eventsModule,
  catalogueModule,
  shoppingModule,
  mealsModule,
  outlookModule,
  limitsModule,
  refreshModule,
  alertsModule,
  householdModule,
  backupModule,
];
