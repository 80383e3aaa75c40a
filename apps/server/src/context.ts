// Builds the AppContext from configuration: database, mailer, secret.
import { join, resolve } from 'node:path';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { type Database, openPostgres, openSqlite } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedStores } from './db/seed/stores.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './lib/mailer.js';
import { loadOrCreateSecret } from './lib/secret.js';

export function openConfiguredDatabase(config: Config): Database {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openSqlite(join(resolve(config.dataDir), 'kete.sqlite'));
}

export function createMailer(config: Config): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(join(resolve(config.dataDir), 'outbox'), config.mailFrom);
}

/** Migrates and seeds, then hands back everything the app needs. */
export async function createContext(
  config: Config,
  database: Database = openConfiguredDatabase(config),
  clock: Clock = systemClock,
  mailer: Mailer = createMailer(config),
): Promise<AppContext & { database: Database }> {
  await migrateToLatest(database);
  await seedStores(database.db);
  return {
    config,
    db: database.db,
    dialect: database.dialect,
    clock,
    mailer,
    secret: loadOrCreateSecret(resolve(config.dataDir), config.secret),
    database,
  };
}
