// Loads feed lines (docs/data-feed.md) into the catalogue. Lines are read in batches; each batch
// is one transaction, so a failure never leaves half a batch written. A bad line is reported with
// its number and reason and skipped; the rest loads. Loading the same lines twice changes nothing.

import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { forgetVerdicts } from '../products/price-verdicts.js';
import { clearSearchCaches } from '../products/search/search-cache.js';
import { indexProducts } from '../products/search/search-index.js';
import { type CatalogueState, loadCatalogueState, sourceKey, storeKey } from './catalogue-state.js';
import {
  BadLine,
  type FeedLine,
  type ListingComplete,
  type PriceObservation,
  parseFeedLine,
} from './feed-line.js';
import { type Observed, writePrices } from './price-writer.js';
import { productResolver } from './product-resolver.js';
import { type Db, Sql } from './raw-sql.js';

export interface IngestTarget {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: { now(): number };
}

export interface IngestReport {
  lines: number;
  productsCreated: number;
  pricesAdded: number;
  pricesChanged: number;
  pricesUnchanged: number;
  delisted: number;
  skipped: number;
  /** The first 1,000 bad lines; `skipped` counts them all. */
  errors: { line: number; reason: string }[];
}

export const MAX_REPORTED_ERRORS = 1000;
/** A feed that changes more rows than this is a bulk load: PostgreSQL's statistics are refreshed. */
const BULK_CHANGE_ROWS = 100_000;

type AfterIngest = (target: IngestTarget, report: IngestReport) => void;
const afterIngestListeners = new Set<AfterIngest>();

/** Calls `listener` after every ingest that changed prices (price-drop alerts); returns the
 * unsubscribe. Listeners must not throw or wait: they start their own work. */
export function afterIngest(listener: AfterIngest): () => void {
  afterIngestListeners.add(listener);
  return () => afterIngestListeners.delete(listener);
}

type Located = (PriceObservation | Extract<FeedLine, { kind: 'delisted' }>) & { storeId: number };

export async function ingestLines(
  target: IngestTarget,
  lines: AsyncIterable<string> | Iterable<string>,
  options: { batchSize?: number } = {},
): Promise<IngestReport> {
  const batchSize = options.batchSize ?? 20_000;
  const state = await loadCatalogueState(target.db);
  const resolver = productResolver(state, target.clock.now());
  const report: IngestReport = {
    lines: 0,
    productsCreated: 0,
    pricesAdded: 0,
    pricesChanged: 0,
    pricesUnchanged: 0,
    delisted: 0,
    skipped: 0,
    errors: [],
  };
  let batch: Located[] = [];

  const flush = async () => {
    if (batch.length === 0) return;
    const lines = batch;
    batch = [];
    await target.db.transaction().execute(async (trx) => {
      resolver.batch(trx);
      const observed: Observed[] = [];
      for (const line of lines) {
        if (line.kind === 'delisted') {
          const productId = state.sources.get(sourceKey(line.chain, line.productKey));
          if (productId !== undefined) {
            observed.push({ storeId: line.storeId, productId, state: null, observedAt: line.observedAt });
          }
          continue;
        }
        const { productId, created } = await resolver.resolve(line);
        if (created) report.productsCreated++;
        observed.push({
          storeId: line.storeId,
          productId,
          observedAt: line.observedAt,
          state: priceState(line),
        });
      }
      await indexProducts(trx, target.dialect, resolver.touchedProducts());
      const counts = await writePrices(trx, target.dialect, observed);
      report.pricesAdded += counts.added;
      report.pricesChanged += counts.changed;
      report.pricesUnchanged += counts.unchanged;
      report.delisted += counts.delisted;
    });
  };

  for await (const raw of lines) {
    const number = ++report.lines;
    if (raw.trim() === '') continue;
    try {
      const line = parseFeedLine(raw);
      const storeId = state.stores.get(storeKey(line.chain, line.store));
      if (storeId === undefined) throw new BadLine(`unknown store "${line.store}" for this chain`);
      if (line.kind === 'listingComplete') {
        await flush();
        report.delisted += await delistUnlisted(target, line, storeId);
        continue;
      }
      batch.push({ ...line, storeId });
    } catch (error) {
      if (!(error instanceof BadLine)) throw error;
      report.skipped++;
      if (report.errors.length < MAX_REPORTED_ERRORS)
        report.errors.push({ line: number, reason: error.message });
      continue;
    }
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  if (target.dialect === 'sqlite') {
    // Fresh statistics let SQLite pick the partial specials index over the store's whole key range
    // (PostgreSQL's autovacuum keeps its own). Not sampled: with a 1,000-row sample the estimates
    // for the two indexes came out equal and SQLite scanned the store's whole range, 1.4 ms per
    // store on every start-up. An exact ANALYZE takes about 2 s at NZ scale (10M prices).
    await sql`pragma analysis_limit = 0`.execute(target.db);
    await sql`analyze`.execute(target.db);
  } else if (report.pricesAdded + report.pricesChanged + report.delisted > BULK_CHANGE_ROWS) {
    // After a bulk load PostgreSQL plans with the empty tables' statistics until autovacuum gets
    // round to them (minutes at NZ scale): search ran at 62 req/s instead of 360 in the bench.
    await sql`analyze prices, products, product_search`.execute(target.db);
  }
  clearSearchCaches(target.db);
  forgetVerdicts();
  if (report.pricesAdded + report.pricesChanged + report.delisted > 0) {
    for (const listener of afterIngestListeners) listener(target, report);
  }
  return report;
}

const priceState = (o: PriceObservation) => ({
  price: o.price,
  base_price: o.basePrice,
  comparative_price: o.unitPrice,
  comparative_measure: o.unitMeasure,
  promotion_type: o.promotionType,
  multibuy_quantity: o.multibuyQuantity,
  multibuy_price: o.multibuyPrice,
  observed_at: o.observedAt,
});

/** A complete listing of a store: whatever it did not list since `since` is no longer sold there. */
async function delistUnlisted(target: IngestTarget, line: ListingComplete, storeId: number): Promise<number> {
  return target.db.transaction().execute(async (trx: Db) => {
    const q = new Sql(target.dialect);
    const gone = await q.run<{ product_id: number }>(
      trx,
      `select product_id from prices where store_id = ${q.p(storeId)} and observed_at < ${q.p(line.since)}`,
    );
    const observed: Observed[] = gone.map((g) => ({
      storeId,
      productId: g.product_id,
      state: null,
      observedAt: line.observedAt,
    }));
    return (await writePrices(trx, target.dialect, observed)).delisted;
  });
}

export type { CatalogueState };
