// Environment parsed once at start-up; a bad value stops the server with a message naming it.

import { availableParallelism } from 'node:os';
import { allFeatures, type Feature, WRITES_PER_USER_PER_MINUTE } from '@kete/shared';
import { z } from 'zod';
import { checkCronPattern } from './modules/refresh/cron-pattern.js';

const blankAsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const featureList = z.string().transform((value, ctx) => {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!allFeatures.includes(name as Feature)) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown feature "${name}" (known: ${allFeatures.join(', ')})`,
      });
    }
  }
  return names as Feature[];
});

/** KETE_REFRESH must be a cron pattern croner can run. */
function cronPattern(value: string | undefined, ctx: z.RefinementCtx) {
  if (value === undefined) return;
  try {
    checkCronPattern(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a cron expression like "0 2 * * 3" (${(error as Error).message})`,
    });
  }
}

/** More processes than this only add memory: SQLite has one writer and 2-8 cores is the usual host. */
export const MAX_WORKERS = 8;

/** One server process per core by default, so a second core is not left idle. */
export function defaultWorkerCount(): number {
  return Math.min(availableParallelism(), 4);
}

const ZEnv = z.object({
  PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankAsUnset, z.string().default('0.0.0.0')),
  KETE_DATA_DIR: z.preprocess(blankAsUnset, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (leave it unset for SQLite)')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(blankAsUnset, z.string().default('Kete <no-reply@kete.local>')),
  KETE_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  KETE_DEFAULT_FEATURES: z.preprocess(
    (value) => (value === undefined ? 'AccessList,Statistics' : value),
    featureList,
  ),
  KETE_PUBLIC_URL: z.preprocess(blankAsUnset, z.url().optional()),
  KETE_SIGNUP: z.preprocess(blankAsUnset, z.enum(['open', 'invite']).default('open')),
  KETE_DEMO_DATA: z.preprocess(blankAsUnset, z.enum(['0', '1']).default('1')),
  KETE_SIGNIN_RATE_LIMIT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).default(20)),
  KETE_WRITE_RATE_LIMIT: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1).default(WRITES_PER_USER_PER_MINUTE),
  ),
  KETE_TRUST_PROXY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(
        /^(true|false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/,
        'must be true, false, a number of proxy hops, or proxy addresses',
      )
      .default('false'),
  ),
  KETE_WORKERS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(MAX_WORKERS).optional()),
  KETE_WORKER_HEAP_MB: z.preprocess(blankAsUnset, z.coerce.number().int().min(128).max(65_536).default(320)),
  KETE_BENCH_ROUTES: z.preprocess(blankAsUnset, z.enum(['0', '1']).default('0')),
  KETE_REFRESH: z.preprocess(blankAsUnset, z.string().optional().superRefine(cronPattern)),
  KETE_STALE_DAYS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(365).default(8)),
  KETE_IMPORT_ALLOW_PRIVATE: z.preprocess(blankAsUnset, z.enum(['0', '1']).default('0')),
  KETE_METRICS: z.preprocess(blankAsUnset, z.enum(['0', '1']).default('0')),
  KETE_METRICS_PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).optional()),
  KETE_DB_WAIT: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(3600).default(60)),
  LOG_FORMAT: z.preprocess(blankAsUnset, z.enum(['json', 'pretty']).default('json')),
  LOG_LEVEL: z.preprocess(
    blankAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string | undefined;
  defaultFeatures: Feature[];
  publicUrl: string;
  signup: 'open' | 'invite';
  demoData: boolean;
  /** Sign-in requests (code and passcode) one client address may make per minute. */
  signInRateLimit: number;
  /** Changes one user may make per minute (a household never meets the default). */
  writeRateLimit: number;
  /** Whom to believe about the client's address in X-Forwarded-For (Fastify's trustProxy). */
  trustProxy: boolean | number | string[];
  logLevel: string;
  /** json (pino's lines, one object each) or pretty (for a person at a terminal). */
  logFormat: 'json' | 'pretty';
  /** GET /metrics on the public port (KETE_METRICS=1); off by default. */
  metricsOnPublicPort: boolean;
  /** A port of its own for GET /metrics (summed over KETE_WORKERS); unset: none. */
  metricsPort: number | undefined;
  /** Seconds start-up waits for an unreachable PostgreSQL before giving up. */
  databaseWaitSeconds: number;
  /** Server processes sharing the port (node:cluster); 1 runs the server in this process. */
  workers: number;
  /** Each worker's JavaScript heap limit (--max-old-space-size), in MB (decision 0011). */
  workerHeapMb: number;
  /** npm run bench only: serve /api/bench/payload/:bytes, a floor that sends an answer of that size. */
  benchRoutes: boolean;
  /** Cron pattern (NZ time) for the price refresh inside the server; unset: no schedule. */
  refreshCron: string | undefined;
  /** A price last confirmed longer ago than this is stale (issue 33; decision 0020). */
  staleDays: number;
  /** Recipe import may fetch pages at private and loopback addresses (tests, a home lab only). */
  importAllowPrivate: boolean;
}

export class ConfigError extends Error {}

// Off unless configured: believing every X-Forwarded-For would let any client pick its own address
// and walk around the per-address limits on sign-in.
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Kete cannot start: invalid configuration\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.KETE_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.KETE_SECRET,
    defaultFeatures: e.KETE_DEFAULT_FEATURES,
    publicUrl: e.KETE_PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    signup: e.KETE_SIGNUP,
    demoData: e.KETE_DEMO_DATA === '1',
    signInRateLimit: e.KETE_SIGNIN_RATE_LIMIT,
    writeRateLimit: e.KETE_WRITE_RATE_LIMIT,
    trustProxy: parseTrustProxy(e.KETE_TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsOnPublicPort: e.KETE_METRICS === '1',
    metricsPort: e.KETE_METRICS_PORT,
    databaseWaitSeconds: e.KETE_DB_WAIT,
    workers: e.KETE_WORKERS ?? defaultWorkerCount(),
    workerHeapMb: e.KETE_WORKER_HEAP_MB,
    benchRoutes: e.KETE_BENCH_ROUTES === '1',
    refreshCron: e.KETE_REFRESH,
    staleDays: e.KETE_STALE_DAYS,
    importAllowPrivate: e.KETE_IMPORT_ALLOW_PRIVATE === '1',
  };
}
