// What every module needs, built once in buildApp and handed to each module's routes.
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database, Dialect } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';

export interface AppContext {
  config: Config;
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  /** The opened database, when this context opened it (its pool's numbers for GET /metrics). */
  database?: Pick<Database, 'poolStats'>;
}
