// Catalogue: products, barcodes, per-store prices and their history, ingestion, search,
// specials and statistics.
import type { ServerModule } from '../server-module.js';
import { fetchCommand } from './adapters/fetch.command.js';
import { catalogueFactsMigration } from './catalogue/catalogue-facts.js';
import { startDemoCatalogue } from './catalogue/demo/demo-seed.js';
import { demoStoreLoadsMigration } from './catalogue/demo/demo-store-loads.migration.js';
import { registerProductImages } from './catalogue/product-images.js';
import { barcodesGtin13Migration } from './ingest/barcodes-gtin13.migration.js';
import { ingestCommand } from './ingest/ingest.command.js';
import { priceKeyChecksMigration } from './ingest/price-key-checks.migration.js';
import { alternativesRoutes } from './products/alternatives.routes.js';
import { catalogueModelMigration } from './products/catalogue.migration.js';
import { productKindsMigration } from './products/product-kinds.migration.js';
import { productsRoutes } from './products/products.routes.js';
import { catalogueSearchMigration } from './products/search/search.migration.js';
import { priceVerdictsMigration } from './products/verdict-store.migration.js';
import { reportsCommand, resolveReportCommand } from './reports/reports.commands.js';
import { priceReportsMigration, sizeChangesMigration } from './reports/reports.migration.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { specialsRoutes } from './specials/specials.routes.js';
import { statisticsRoutes } from './statistics/statistics.routes.js';
import { storesRoutes } from './stores/stores.routes.js';

export const catalogueModule: ServerModule = {
  name: 'catalogue',
  migrations: (dialect) => ({
    '002-catalogue-model': catalogueModelMigration(dialect),
    '003-catalogue-search': catalogueSearchMigration(dialect),
    '004-catalogue-facts': catalogueFactsMigration,
    '005-price-verdicts': priceVerdictsMigration(dialect),
    '006-price-key-checks': priceKeyChecksMigration(dialect),
    '070-demo-store-loads': demoStoreLoadsMigration,
    '055-product-kinds': productKindsMigration(dialect),
    '091-price-reports': priceReportsMigration(dialect),
    '092-size-changes': sizeChangesMigration,
    '095-barcodes-gtin13': barcodesGtin13Migration,
  }),
  async routes(app, ctx) {
    await productsRoutes(app, ctx);
    await alternativesRoutes(app, ctx);
    await specialsRoutes(app, ctx);
    await storesRoutes(app, ctx);
    await statisticsRoutes(app, ctx);
    await reportsRoutes(app, ctx);
    await registerProductImages(app);
  },
  onStart: (ctx) => startDemoCatalogue(ctx, (line) => console.log(line)),
  commands: [ingestCommand, fetchCommand, reportsCommand, resolveReportCommand],
};
