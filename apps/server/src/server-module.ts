// A feature area of the server plugs in through one object, so areas can grow independently:
// its tables' migrations, its routes, its operator commands and its start-up work.
import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';
import type { AppContext } from './app-context.js';
import type { CliCommand, FileCommand } from './cli/command.js';
import type { Dialect } from './db/database.js';

export interface ServerModule {
  name: string;
  /** Keyed by name; names sort into run order across all modules (see migrations/index.ts). */
  migrations?(dialect: Dialect): Record<string, Migration>;
  routes?(app: FastifyInstance, ctx: AppContext): Promise<void>;
  commands?: (CliCommand | FileCommand)[];
  /** After migrations, before the server listens (e.g. seeding demo data into an empty catalogue). */
  onStart?(ctx: AppContext): Promise<void>;
}
