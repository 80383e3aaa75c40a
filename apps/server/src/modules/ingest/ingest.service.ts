// Loads feed lines (docs/data-feed.md) into the catalogue. Lines are read in batches; each batch
// is one transaction, so a failure never leaves half a batch written. A bad line is reported with
// its number and reason and skipped; the rest loads. Loading the same lines twice changes nothing.

import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { StoreType } from '@kete/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { moveCatalogueVersion } from '../../lib/catalogue-version.js';
import { deferred } from '../../lib/deferred.js';
import { importsTotal } from '../../lib/metrics.js';
import { opsLog } from '../../lib/ops-log.js';
import { forgetVerdicts } from '../products/price-verdicts.js';
import { clearSearchCaches } from '../products/search/search-cache.js';
import { indexProducts } from '../products/search/search-index.js';
import { markVerdictsPending, refreshVerdicts } from '../products/verdict-store.js';
import { withBulkLoadSettings } from './bulk-load-settings.js';
import { type CatalogueState, loadCatalogueState, sourceKey } from './catalogue-state.js';
import {
  FUTURE_TOLERANCE_MS,
  KIND_DELISTED,
  KIND_LISTING_COMPLETE,
  NONE,
  type ParsedChunk,
} from './feed-chunk.js';
import type { PriceObservation } from './feed-line.js';
import { chunksFromFile, chunksFromLines, chunksFromStream, type SourceOptions } from './feed-source.js';
import { Observations, PriceWriter, writePrices } from './price-writer.js';
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
  /** Lines older than the price held that went into the history at their place (issue 33). */
  pricesBackfilled: number;
  delisted: number;
  skipped: number;
  /** The first 1,000 bad lines; `skipped` counts them all. */
  errors: { line: number; reason: string }[];
}

export const MAX_REPORTED_ERRORS = 1000;
/** A feed that changes more rows than this is a bulk load: PostgreSQL's statistics are refreshed. */
const BULK_CHANGE_ROWS = 100_000;
/** Products whose verdicts an ingest stores itself (about a second's work); beyond, the keeper. */
const INLINE_VERDICT_PRODUCTS = 2_000;

type AfterIngest = (target: IngestTarget, report: IngestReport) => void;
const afterIngestListeners = new Set<AfterIngest>();

/** Calls `listener` after every ingest that changed prices (price-drop alerts); returns the
 * unsubscribe. Listeners must not throw or wait: they start their own work. */
export function afterIngest(listener: AfterIngest): () => void {
  afterIngestListeners.add(listener);
  return () => afterIngestListeners.delete(listener);
}

export async function ingestLines(
  target: IngestTarget,
  lines: AsyncIterable<string> | Iterable<string>,
  options: { batchSize?: number } = {},
): Promise<IngestReport> {
  return ingestChunks(target, (stores, latest) => chunksFromLines(stores, lines, undefined, latest), options);
}

/**
 * Loads a feed from bytes (stdin): parsed on a worker thread while this one writes. The operators'
 * command, in a process of its own, so with the bulk load's SQLite settings (bulk-load-settings.ts).
 */
export async function ingestStream(
  target: IngestTarget,
  input: Readable,
  options: SourceOptions & { batchSize?: number } = {},
): Promise<IngestReport> {
  return withBulkLoadSettings(target, () =>
    ingestChunks(
      target,
      (stores, latest) => chunksFromStream(stores, input, { ...options, latest }),
      options,
    ),
  );
}

/** Loads a feed file: read and parsed on a worker thread while this one writes. As ingestStream. */
export async function ingestFile(
  target: IngestTarget,
  file: FileHandle,
  options: SourceOptions & { batchSize?: number } = {},
): Promise<IngestReport> {
  return withBulkLoadSettings(target, () =>
    ingestChunks(target, (stores, latest) => chunksFromFile(stores, file, { ...options, latest }), options),
  );
}

/** Every feed import counted and logged once (issue 48): its size, its outcome, how long. */
async function ingestChunks(
  target: IngestTarget,
  source: (stores: Map<string, number>, latest: number) => AsyncIterable<ParsedChunk>,
  options: { batchSize?: number },
): Promise<IngestReport> {
  const started = Date.now();
  try {
    const report = await ingestChunksUncounted(target, source, options);
    importsTotal.inc({ kind: 'feed', outcome: 'ok' });
    const { errors: _errors, ...counts } = report;
    opsLog().info(
      { event: 'import', kind: 'feed', outcome: 'ok', ms: Date.now() - started, ...counts },
      'feed imported',
    );
    return report;
  } catch (error) {
    importsTotal.inc({ kind: 'feed', outcome: 'failed' });
    opsLog().error(
      {
        event: 'import',
        kind: 'feed',
        outcome: 'failed',
        ms: Date.now() - started,
        error: (error as Error).message,
      },
      'feed import failed',
    );
    throw error;
  }
}

async function ingestChunksUncounted(
  target: IngestTarget,
  source: (stores: Map<string, number>, latest: number) => AsyncIterable<ParsedChunk>,
  options: { batchSize?: number },
): Promise<IngestReport> {
  const batchSize = options.batchSize ?? 20_000;
  const state = await loadCatalogueState(target.db);
  const resolver = productResolver(state, target.clock.now(), target.dialect);
  const report: IngestReport = {
    lines: 0,
    productsCreated: 0,
    pricesAdded: 0,
    pricesChanged: 0,
    pricesUnchanged: 0,
    pricesBackfilled: 0,
    delisted: 0,
    skipped: 0,
    errors: [],
  };
  // Source keys and unit measures as the parser numbered them (feed-chunk.ts).
  const keys: { chain: StoreType; productKey: string }[] = [];
  const measures: string[] = [];
  /** Product id per source key number, once a price line of it was resolved. */
  let keyProducts = new Int32Array(1024).fill(NONE);
  const setKeyProduct = (key: number, productId: number) => {
    if (key >= keyProducts.length) {
      const grown = new Int32Array(Math.max(key + 1, keyProducts.length * 2)).fill(NONE);
      grown.set(keyProducts);
      keyProducts = grown;
    }
    keyProducts[key] = productId;
    if (productId < 0) provisionalKeys.push(key);
  };
  /** Keys resolved to a product created in the open batch (a provisional id until it commits). */
  const provisionalKeys: number[] = [];

  // The batch waiting for its transaction: lines copied out of the parsed chunks, in feed order.
  // Price lines carry their source key until the transaction resolves them to products.
  const capacity = batchSize;
  const kind = new Uint8Array(capacity);
  const key = new Int32Array(capacity);
  const observation: (PriceObservation | undefined)[] = new Array(capacity).fill(undefined);
  const batch = new Observations(capacity);
  const writer = new PriceWriter(target.dialect);
  const changedProducts = new Set<number>();
  let size = 0;

  /** SQLite: the last batch's transaction, committed but perhaps not yet on disk (see flush). */
  let unflushed: Promise<void> | undefined;

  const flush = async () => {
    if (size === 0) return;
    const lines = size;
    size = 0;
    const written = deferred();
    const transaction = target.db.transaction().execute(async (trx) => {
      resolver.batch(trx);
      // Resolve in feed order, each line against the catalogue as the lines before it left it.
      let kept = 0;
      let provisional = false;
      for (let i = 0; i < lines; i++) {
        const k = key[i] as number;
        let productId: number;
        if (kind[i] === KIND_DELISTED) {
          const known = keyProducts[k] ?? NONE;
          if (known !== NONE) productId = known;
          else {
            const where = keys[k] as { chain: StoreType; productKey: string };
            const found = state.sources.get(sourceKey(where.chain, where.productKey));
            if (found === undefined) continue;
            productId = found;
          }
        } else {
          const described = observation[i];
          if (described) {
            observation[i] = undefined;
            const resolved = resolver.resolve(described);
            if (resolved.created) report.productsCreated++;
            setKeyProduct(k, resolved.productId);
          }
          productId = keyProducts[k] as number;
        }
        if (productId < 0) provisional = true;
        copyLine(batch, i, kept++, productId);
      }
      batch.count = kept;
      // The batch's new products get their ids: put them where the provisional ones were.
      const real = await resolver.commit();
      if (provisional) {
        for (let i = 0; i < kept; i++) {
          const id = batch.productId[i] as number;
          if (id < 0) batch.productId[i] = real.get(id) as number;
        }
      }
      for (const k of provisionalKeys) keyProducts[k] = real.get(keyProducts[k] as number) as number;
      provisionalKeys.length = 0;
      await indexProducts(trx, target.dialect, resolver.touchedProducts());
      const counts = await writer.write(trx, batch);
      // Their verdicts are stored again after the run (verdict-store.ts).
      if (counts.added + counts.changed + counts.delisted + counts.backfilled > 0)
        for (let i = 0; i < batch.count; i++) changedProducts.add(batch.productId[i] as number);
      batch.clear();
      report.pricesAdded += counts.added;
      report.pricesChanged += counts.changed;
      report.pricesUnchanged += counts.unchanged;
      report.pricesBackfilled += counts.backfilled;
      report.delisted += counts.delisted;
      written.resolve();
    });
    if (target.dialect !== 'sqlite') return transaction;
    // On SQLite the next batch need not wait for this one's log to reach the disk: the commit is
    // made on the one writing connection before the next batch's first statement runs, and the
    // log's fsync (wal-sync.ts) goes on in the thread pool while the next batch is prepared and
    // written, one batch behind at most. Every batch is on disk before the run reports, and a
    // crash before that loses nothing the run said it had done (the feed is applied again).
    // (On PostgreSQL a next transaction on another session could read before this one commits.)
    transaction.catch(() => {}); // awaited below, or by the next batch: never unhandled meanwhile
    await Promise.race([written.promise, transaction]);
    const previous = unflushed;
    unflushed = transaction;
    await previous;
  };

  /** Moves batch line `from` to `to` (to <= from: the lines without a product drop out). */
  const copyLine = (o: Observations, from: number, to: number, productId: number) => {
    o.productId[to] = productId;
    if (from === to) return;
    o.storeId[to] = o.storeId[from] as number;
    o.observedAt[to] = o.observedAt[from] as number;
    o.gone[to] = o.gone[from] as number;
    o.price[to] = o.price[from] as number;
    o.basePrice[to] = o.basePrice[from] as number;
    o.unitPrice[to] = o.unitPrice[from] as number;
    o.unitMeasure[to] = o.unitMeasure[from] ?? null;
    o.promotionType[to] = o.promotionType[from] as number;
    o.multibuyQuantity[to] = o.multibuyQuantity[from] as number;
    o.multibuyPrice[to] = o.multibuyPrice[from] as number;
  };

  for await (const c of source(state.stores, target.clock.now() + FUTURE_TOLERANCE_MS)) {
    report.lines += c.lines;
    report.skipped += c.skipped;
    for (const e of c.errors) if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push(e);
    for (const k of c.keys) keys.push(k);
    for (const m of c.measures) measures.push(m);
    let nextDetail = 0;
    for (let i = 0; i < c.count; i++) {
      const storeId = c.store[i] as number;
      if (c.kind[i] === KIND_LISTING_COMPLETE) {
        await flush();
        report.delisted += await delistUnlisted(
          target,
          storeId,
          c.since[i] as number,
          c.observedAt[i] as number,
        );
        continue;
      }
      const j = size++;
      kind[j] = c.kind[i] as number;
      key[j] = c.key[i] as number;
      batch.storeId[j] = storeId;
      batch.observedAt[j] = c.observedAt[i] as number;
      if (c.kind[i] === KIND_DELISTED) batch.gone[j] = 1;
      else {
        batch.gone[j] = 0;
        batch.price[j] = c.price[i] as number;
        batch.basePrice[j] = c.basePrice[i] as number;
        batch.unitPrice[j] = c.unitPrice[i] as number;
        const m = c.unitMeasure[i] as number;
        batch.unitMeasure[j] = m === NONE ? null : (measures[m] as string);
        batch.promotionType[j] = c.promotionType[i] as number;
        batch.multibuyQuantity[j] = c.multibuyQuantity[i] as number;
        batch.multibuyPrice[j] = c.multibuyPrice[i] as number;
        const detail = c.details[nextDetail];
        if (detail?.index === i) {
          observation[j] = detail.observation;
          nextDetail++;
        }
      }
      if (size >= batchSize) await flush();
    }
  }
  await flush();
  await unflushed;
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
    await sql`analyze prices, price_history, products, product_search`.execute(target.db);
  }
  const changedPrices = report.pricesAdded + report.pricesChanged + report.delisted;
  // A history backfilled in the past changes verdicts, not current prices (no price-drop alerts).
  const changedHistory = changedPrices + report.pricesBackfilled;
  // The changed prices' verdicts, stored before the caches are cleared (verdict-store.ts); after a
  // large change the server's keeper stores them in the background instead, so an ingest of the
  // whole country does not wait for 10M verdicts (readers use the history meanwhile).
  if (changedProducts.size > INLINE_VERDICT_PRODUCTS)
    await markVerdictsPending(target.db, target.clock.now());
  else if (changedHistory > 0)
    await refreshVerdicts(target.db, target.dialect, target.clock.now(), changedProducts);
  // Other programs' servers (and this machine's, at once by the bus) forget what they cached.
  await moveCatalogueVersion(target.db);
  clearSearchCaches(target.db);
  forgetVerdicts();
  if (changedPrices > 0) {
    for (const listener of afterIngestListeners) listener(target, report);
  }
  return report;
}

/** A complete listing of a store: whatever it did not list since `since` is no longer sold there. */
async function delistUnlisted(
  target: IngestTarget,
  storeId: number,
  since: number,
  observedAt: number,
): Promise<number> {
  return target.db.transaction().execute(async (trx: Db) => {
    const q = new Sql(target.dialect);
    const gone = await q.run<{ product_id: number }>(
      trx,
      `select product_id from prices where store_id = ${q.p(storeId)} and observed_at < ${q.p(since)}`,
    );
    if (gone.length === 0) return 0;
    const observed = new Observations(gone.length);
    for (const g of gone) observed.addGone(storeId, g.product_id, observedAt);
    return (await writePrices(trx, target.dialect, observed)).delisted;
  });
}

export type { CatalogueState };
