// Shopping: the shared shopping list (cart), named lists, favourites, and sharing a workspace.
import type { ServerModule } from '../server-module.js';

export const shoppingModule: ServerModule = {
  name: 'shopping',
};
