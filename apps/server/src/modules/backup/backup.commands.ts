// npm run kete -- backup <file> / restore <file>: the SQLite database's copy while Kete runs, and
// its return. On PostgreSQL its own tools do both (README): the commands say so.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type FileCommand, UsageError } from '../../cli/command.js';
import type { Config } from '../../config.js';
import { databaseFile } from '../../data-folder.js';
import { backupSqlite, FileRefusal, restoreSqlite } from './sqlite-files.js';

const onPostgres =
  'Kete keeps its data in PostgreSQL here (DATABASE_URL): use PostgreSQL\'s own tools, e.g. pg_dump --format=custom --file=kete.dump "$DATABASE_URL" to back up and pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" kete.dump to restore (README, "Where the data lives").';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function oneFile(args: string[]): string {
  const [file] = args;
  if (!file || args.length > 1 || file.startsWith('-')) throw new UsageError('Give one file name.');
  return resolve(file);
}

/** Runs `body`, printing a refusal as it is (exit 1). */
async function refusalsPrinted(
  config: Config,
  io: { err(line: string): void },
  body: () => number,
): Promise<number> {
  if (config.databaseUrl) {
    io.err(onPostgres);
    return 1;
  }
  try {
    return body();
  } catch (error) {
    if (!(error instanceof FileRefusal)) throw error;
    io.err(error.message);
    return 1;
  }
}

export const backupCommand: FileCommand = {
  name: 'backup',
  usage: 'backup <file>',
  summary: 'Copy the SQLite database to a new file, while Kete runs (a consistent copy)',
  async runWithConfig(args, config, io) {
    const target = oneFile(args);
    return refusalsPrinted(config, io, () => {
      const source = databaseFile(config);
      const { bytes, ms } = backupSqlite(source, target);
      io.out(
        `Backed up ${source} to ${target}: ${megabytes(bytes)} in ${(ms / 1000).toFixed(1)} s, the database as it was when the backup began, checked.`,
      );
      return 0;
    });
  },
};

export const restoreCommand: FileCommand = {
  name: 'restore',
  usage: 'restore <file>',
  summary: 'Put a backup in place as the SQLite database (stop Kete first)',
  async runWithConfig(args, config, io) {
    const backup = oneFile(args);
    return refusalsPrinted(config, io, () => {
      const target = databaseFile(config);
      const { keptAs } = restoreSqlite(backup, target);
      io.out(`Restored ${backup} as ${target}.`);
      if (keptAs) io.out(`The database that was there is kept as ${keptAs}.`);
      if (!config.secret && !existsSync(join(resolve(config.dataDir), 'secret'))) {
        io.out(
          `Sessions are signed with the secret in the data folder it came from (or KETE_SECRET): copy that folder's secret file here, or everybody signs in again.`,
        );
      }
      io.out('Start Kete to use it.');
      return 0;
    });
  },
};
