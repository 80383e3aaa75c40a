// Catalogue: products, barcodes, per-store prices and their history, ingestion, search,
// specials and statistics.
import type { ServerModule } from '../server-module.js';
import { catalogueModelMigration } from './products/catalogue.migration.js';

export const catalogueModule: ServerModule = {
  name: 'catalogue',
  migrations: (dialect) => ({ '002-catalogue-model': catalogueModelMigration(dialect) }),
};
