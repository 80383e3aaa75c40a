// Buy now or wait (issue 46): when a product is next likely on special at each store, from its
// own price history (packages/shared outlook/, docs/decisions/0025-buy-now-or-wait.md).
import type { ServerModule } from '../../server-module.js';
import { outlookRoutes } from './outlook.routes.js';

export const outlookModule: ServerModule = {
  name: 'outlook',
  routes: (app, ctx) => outlookRoutes(app, ctx),
};
