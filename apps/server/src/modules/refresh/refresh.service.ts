// One refresh: every chosen store's specials, then its full listing, fetched politely (one request
// at a time per chain, the chains side by side) and ingested one feed at a time. A step that fails
// is logged and skipped: its store keeps the prices it had and is tried again next time. A full
// listing is only ingested whole (ending with listingComplete), so a refusal never delists.

import { once } from 'node:events';
import { Writable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { refreshRunsTotal } from '../../lib/metrics.js';
import { opsLog } from '../../lib/ops-log.js';
import type { Chain } from '../adapters/feed-types.js';
import { fetchStore } from '../adapters/fetch.command.js';
import { type Pacer, politeHttp } from '../adapters/polite-http.js';
import { ingestLines } from '../ingest/ingest.service.js';
import { forgetStoreList } from '../stores/stores.repository.js';
import { acquireLease } from './job-lease.js';
import { chosenStores, planQueues, type RefreshStep } from './refresh-plan.js';
import type { RefreshProgress } from './refresh-progress.js';
import { fetchWoolworthsHours, foodstuffsHours, saveOpeningHours } from './store-hours.js';

export interface RefreshOptions {
  intervalMs: number;
  retries: number;
  backoffMs: number;
  /** Replaces the scheme and host of every request (tests, mirrors). */
  baseUrl?: string;
  progress?: RefreshProgress;
  /** Failures and notes, one line each. */
  log(line: string): void;
}

export interface RefreshSummary {
  storesDone: number;
  storesFailed: number;
  products: number;
  priceChanges: number;
  failures: string[];
}

const stepLabel = (step: RefreshStep) => `${step.store.chain} ${step.store.name} ${step.kind}`;

/** Runs the refresh now, in this process. Use `refreshOnce` to respect the cross-process lease. */
export async function runRefresh(ctx: AppContext, options: RefreshOptions): Promise<RefreshSummary> {
  const queues = planQueues(await chosenStores(ctx.db));
  const summary: RefreshSummary = {
    storesDone: 0,
    storesFailed: 0,
    products: 0,
    priceChanges: 0,
    failures: [],
  };
  const failedStores = new Set<number>();
  const factsWritten: Promise<void>[] = [];
  // The ingest keeps its own product maps per run: two at once could create one product twice.
  let ingesting: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = ingesting.then(work, work);
    ingesting = next.catch(() => undefined);
    return next;
  };

  // One request at a time per chain with the interval between them, across its stores' fetches.
  const pacers = new Map<Chain, Pacer>();
  const pacerOf = (chain: Chain) => {
    const pacer = pacers.get(chain) ?? { last: 0 };
    pacers.set(chain, pacer);
    return pacer;
  };

  async function runStep(step: RefreshStep): Promise<void> {
    const label = stepLabel(step);
    options.progress?.started(label);
    const lines: string[] = [];
    let pending = '';
    const out = new Writable({
      write(chunk, _encoding, done) {
        const parts = (pending + String(chunk)).split('\n');
        pending = parts.pop() ?? '';
        lines.push(...parts);
        done();
      },
    });
    try {
      const count = await fetchStore(
        {
          chain: step.store.chain,
          store: step.store.sourceId,
          baseUrl: options.baseUrl,
          intervalMs: options.intervalMs,
          retries: options.retries,
          backoffMs: options.backoffMs,
          kind: step.kind,
          now: () => ctx.clock.now(),
          onRequest: () => options.progress?.request(),
          pacer: pacerOf(step.store.chain),
          onFoodstuffsStore: (store) => {
            const hours = foodstuffsHours(store.openingHours);
            if (hours) factsWritten.push(saveOpeningHours(ctx.db, step.store.id, hours));
          },
        },
        out,
      );
      out.end();
      await once(out, 'finish');
      const report = await oneAtATime(() => ingestLines(ctx, lines));
      summary.products += step.kind === 'full' ? count : 0;
      summary.priceChanges += report.pricesChanged + report.pricesAdded + report.delisted;
      if (step.kind === 'full' && !failedStores.has(step.store.id)) {
        summary.storesDone++;
        await recordRefresh(ctx, step.store.id, null);
      }
      options.progress?.finished(
        `${label}: ${count} products, ${report.pricesChanged + report.pricesAdded} prices changed, ${report.delisted} delisted`,
      );
    } catch (error) {
      const line = `${label} failed, old prices kept: ${(error as Error).message}`;
      summary.failures.push(line);
      options.log(line);
      if (!failedStores.has(step.store.id)) {
        failedStores.add(step.store.id);
        summary.storesFailed++;
        await recordRefresh(ctx, step.store.id, line).catch(() => {});
      }
      options.progress?.finished(`${label}: failed`);
    }
  }

  async function woolworthsHours(steps: RefreshStep[]) {
    try {
      const http = politeHttp({
        ...options,
        baseUrl: options.baseUrl,
        onRequest: () => options.progress?.request(),
      });
      const hours = await fetchWoolworthsHours(http, ctx.clock.now());
      const seen = new Set<number>();
      for (const { store } of steps) {
        const found = hours.get(store.sourceId);
        if (found && !seen.has(store.id)) await saveOpeningHours(ctx.db, store.id, found);
        seen.add(store.id);
      }
    } catch (error) {
      options.log(`woolworths opening hours not read: ${(error as Error).message}`);
    }
  }

  await Promise.all(
    [...queues].map(async ([chain, steps]: [Chain, RefreshStep[]]) => {
      if (chain === 'woolworths') await woolworthsHours(steps);
      for (const step of steps) await runStep(step);
    }),
  );
  const facts = await Promise.allSettled(factsWritten);
  for (const f of facts)
    if (f.status === 'rejected') options.log(`opening hours not saved: ${String(f.reason)}`);
  forgetStoreList(ctx.db);
  options.progress?.close();
  return summary;
}

/** The store's last refresh result, for `kete status` and GET /api/status (issue 33). */
async function recordRefresh(ctx: AppContext, storeId: number, error: string | null) {
  const row = { store_id: storeId, finished_at: ctx.clock.now(), ok: error === null ? 1 : 0, error };
  await ctx.db
    .insertInto('refresh_results')
    .values(row)
    .onConflict((oc) =>
      oc.column('store_id').doUpdateSet({ finished_at: row.finished_at, ok: row.ok, error }),
    )
    .execute();
}

export const REFRESH_LEASE = 'refresh';
const LEASE_MS = 10 * 60_000;

/** Runs the refresh unless one is running anywhere on this database; null when it is. */
export async function refreshOnce(ctx: AppContext, options: RefreshOptions): Promise<RefreshSummary | null> {
  // Wall-clock time: the lease is shared with other processes and hosts.
  const lease = await acquireLease(ctx.db, REFRESH_LEASE, LEASE_MS);
  if (!lease) {
    refreshRunsTotal.inc({ outcome: 'skipped' });
    opsLog().info({ event: 'refresh', outcome: 'skipped' }, 'refresh skipped: another process is refreshing');
    return null;
  }
  const started = Date.now();
  opsLog().info({ event: 'refresh', outcome: 'started' }, 'refresh started');
  const heartbeat = setInterval(() => {
    lease.renew().catch((error) => options.log(`refresh lease not renewed: ${(error as Error).message}`));
  }, LEASE_MS / 10);
  heartbeat.unref();
  try {
    const summary = await runRefresh(ctx, options);
    refreshRunsTotal.inc({ outcome: 'ok' });
    opsLog().info(
      { event: 'refresh', outcome: 'ok', ms: Date.now() - started, ...summary },
      describeSummary(summary),
    );
    return summary;
  } catch (error) {
    refreshRunsTotal.inc({ outcome: 'failed' });
    opsLog().error(
      { event: 'refresh', outcome: 'failed', ms: Date.now() - started, error: (error as Error).message },
      'refresh failed',
    );
    throw error;
  } finally {
    clearInterval(heartbeat);
    await lease.release();
  }
}

export function describeSummary(s: RefreshSummary): string {
  return `Refresh done: ${s.storesDone} stores done, ${s.storesFailed} failed, ${s.products} products, ${s.priceChanges} price changes.`;
}
