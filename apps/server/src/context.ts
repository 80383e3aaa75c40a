// Builds the AppContext from configuration: database, mailer, secret.
import { join, resolve } from 'node:path';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { checkDataFolder, databaseFile } from './data-folder.js';
import { type Database, openPostgres, openSqlite } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedStores } from './db/seed/stores.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mailer.js';
import { loadOrCreateSecret } from './lib/secret.js';
import { serverModules } from './modules/index.js';

export function openConfiguredDatabase(config: Config): Database {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(databaseFile(config));
}

export function createMailer(config: Config): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(resolve(config.dataDir), 'outbox'), config.mailFrom);
}

export interface ContextOptions {
  database?: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Run the modules' start-up work (demo seeding). The operators' CLI does not. */
  startTasks?: boolean;
}

/** Migrates and seeds, then hands back everything the app needs. */
export async function createContext(
  config: Config,
  options: ContextOptions = {},
): Promise<AppContext & { database: Database }> {
  // The folders it writes are checked first, so a person reads what to fix (data-folder.ts).
  if (!options.database) checkDataFolder(config);
  const database = options.database ?? openConfiguredDatabase(config);
  const clock = options.clock ?? systemClock;
  const mailer = options.mailer ?? createMailer(config);
  await migrateToLatest(database);
  await seedStores(database.db);
  const ctx = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    mailer,
    secret: loadOrCreateSecret(resolve(config.dataDir), config.secret),
    database,
  };
  if (options.startTasks !== false) {
    for (const module of serverModules) await module.onStart?.(ctx);
  }
  return ctx;
}
