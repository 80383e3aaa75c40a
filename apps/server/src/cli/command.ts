import type { AppContext } from '../app-context.js';
import type { Config } from '../config.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code. */
  run(args: string[], ctx: AppContext, io: CliIo): Promise<number>;
}

/**
 * A command that handles the database's files itself (backup, restore): it gets the configuration
 * only, and the database is neither opened nor migrated for it.
 */
export interface FileCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code. */
  runWithConfig(args: string[], config: Config, io: CliIo): Promise<number>;
}

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}
