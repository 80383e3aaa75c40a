// Shopping: the shared shopping list (cart), named lists, favourites, and sharing a workspace.
import type { ServerModule } from '../server-module.js';
import { accessApprove, accessList } from './access/access.commands.js';
import { accessRoutes } from './access/access.routes.js';
import { invitationsMigration } from './access/invitations.migration.js';
import { cartRoutes } from './shopping/cart.routes.js';
import { cartAnyBrandMigration } from './shopping/cart-any-brand.migration.js';
import { cartChangedByMigration } from './shopping/cart-changed-by.migration.js';
import { favouritesRoutes } from './shopping/favourites.routes.js';
import { listsRoutes } from './shopping/lists.routes.js';
import { planRoutes } from './shopping/plan.routes.js';
import { shoppingMigration } from './shopping/shopping.migration.js';
import { textItemsMigration } from './shopping/text-items.migration.js';
import { textItemsRoutes } from './shopping/text-items.routes.js';

export const shoppingModule: ServerModule = {
  name: 'shopping',
  migrations: (dialect) => ({
    '010-shopping': shoppingMigration(dialect),
    '015-cart-any-brand': cartAnyBrandMigration,
    '060-invitations': invitationsMigration,
    '130-cart-changed-by': cartChangedByMigration,
    '131-text-items': textItemsMigration(dialect),
  }),
  async routes(app, ctx) {
    await cartRoutes(app, ctx);
    await planRoutes(app, ctx);
    await listsRoutes(app, ctx);
    await textItemsRoutes(app, ctx);
    await favouritesRoutes(app, ctx);
    await accessRoutes(app, ctx);
  },
  commands: [accessList, accessApprove],
};
