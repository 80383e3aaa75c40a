// Working plans out off the main thread (issue 44 item 6, decision 0023): one worker thread per
// server process (piscina), reading with its own database connection (plan-work.worker.ts), with a
// bounded queue: past it the ask is refused as busy (429, Retry-After) rather than queued without
// end. The main thread meanwhile answers everyone else. Under the tests (the TypeScript source,
// no compiled worker to start) and for an in-memory database, the work runs inline.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Plan, PlanRequestError } from '@kete/shared';
import { Piscina } from 'piscina';
import type { AppContext } from '../../app-context.js';
import { databaseFile } from '../../data-folder.js';
import { type PlanWork, workOutPlan } from './plan-work.js';
import type { PlanOutcome, PlanSource } from './plan-work.worker.js';

/** Plans waiting for the worker in one process; each workspace's turn already keeps its own
 * shopping list to one at a time, so this bounds how many households' plans wait together. */
const MAX_WAITING = 16;
const workerFile = fileURLToPath(new URL('./plan-work.worker.js', import.meta.url));

/** Thrown when MAX_WAITING plans already wait for the worker: ask again in a moment. */
export class PlannerBusy extends Error {}

let pool: Piscina | null | undefined;
function planPool(): Piscina | null {
  if (pool === undefined)
    pool = existsSync(workerFile)
      ? new Piscina({
          filename: workerFile,
          minThreads: 1,
          maxThreads: 1,
          maxQueue: MAX_WAITING,
          // A process keeps its worker (and its connection) while plans keep coming.
          idleTimeout: 60_000,
        })
      : null;
  return pool;
}

const sourceOf = (ctx: AppContext): PlanSource =>
  ctx.config.databaseUrl ? { postgres: ctx.config.databaseUrl } : { sqliteFile: databaseFile(ctx.config) };

export async function planOffMainThread(ctx: AppContext, work: PlanWork): Promise<Plan> {
  const planner = planPool();
  if (!planner) return workOutPlan(ctx.db, work);
  if (planner.queueSize >= MAX_WAITING) throw new PlannerBusy('the plan worker is busy');
  const outcome = (await planner.run({ ...work, source: sourceOf(ctx) })) as PlanOutcome;
  if ('refused' in outcome) throw new PlanRequestError(outcome.refused.field, outcome.refused.message);
  return outcome.plan;
}

/** Stops the worker (the server closing). */
export async function closePlanWorker(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
