import type { ServerModule } from '../server-module.js';
import { catalogueModule } from './catalogue.module.js';
import { shoppingModule } from './shopping.module.js';

/** Every feature module, in start-up order. */
export const serverModules: ServerModule[] = [catalogueModule, shoppingModule];
