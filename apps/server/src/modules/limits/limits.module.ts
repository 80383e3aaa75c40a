// Issue 10, safe under abuse: the tables behind rate limits and the purge of expired rows. The
// caps themselves are checked by the services that write (workspace-caps.ts).
import type { ServerModule } from '../../server-module.js';
import { cartRoomMigration } from './cart-room.migration.js';
import { limitsMigration } from './limits.migration.js';
import { schedulePurge } from './purge.js';

export const limitsModule: ServerModule = {
  name: 'limits',
  migrations: (dialect) => ({
    '030-abuse-limits': limitsMigration,
    '031-cart-room-check': cartRoomMigration(dialect),
  }),
  async routes(app, ctx) {
    schedulePurge(app, ctx);
  },
};
