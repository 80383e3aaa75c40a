// npm run kete -- backup <file> / backup --verify <file> / restore <file>: one archive that
// restores a whole server (database, secret, VAPID keys; server-archive.ts), on SQLite while Kete
// runs (a consistent copy) and on PostgreSQL through pg_dump. `restore` puts it into an empty data
// folder or database only; a bare SQLite file (a backup by an earlier version) is restored as
// before, the database it replaces kept beside it.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type CliIo, type FileCommand, UsageError } from '../../cli/command.js';
import type { Config } from '../../config.js';
import { databaseFile, looksLikeSqlite } from '../../data-folder.js';
import { backupServer, type Manifest, restoreServer, verifyArchive } from './server-archive.js';
import { FileRefusal, restoreSqlite } from './sqlite-files.js';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function oneFile(args: string[]): string {
  const [file] = args;
  if (!file || args.length > 1 || file.startsWith('-')) throw new UsageError('Give one file name.');
  return resolve(file);
}

/** Runs `body`, printing a refusal as it is (exit 1). */
async function refusalsPrinted(io: CliIo, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof FileRefusal)) throw error;
    io.err(error.message);
    return 1;
  }
}

/** 'the database, secret, VAPID keys' as the archive holds them. */
function contents(manifest: Manifest): string {
  const parts = [manifest.engine === 'postgres' ? 'the PostgreSQL database' : 'the SQLite database'];
  if (manifest.files.secret) parts.push('secret');
  if (manifest.files['vapid-keys.json']) parts.push('VAPID keys');
  return parts.join(', ');
}

export const backupCommand: FileCommand = {
  name: 'backup',
  usage: 'backup <file.tar.gz> | backup --verify <file.tar.gz>',
  summary: 'One archive of the database, secret and VAPID keys, while Kete runs; --verify checks one',
  async runWithConfig(args, config, io) {
    if (args[0] === '--verify') {
      const archive = oneFile(args.slice(1));
      return refusalsPrinted(io, async () => {
        const manifest = await verifyArchive(config, archive);
        io.out(
          `${archive} is whole: ${contents(manifest)} match their checksums, and the database restores (${manifest.createdAt}).`,
        );
        return 0;
      });
    }
    const target = oneFile(args);
    return refusalsPrinted(io, async () => {
      const { bytes, ms, manifest } = await backupServer(config, target);
      io.out(
        `Backed up ${contents(manifest)} to ${target}: ${megabytes(bytes)} in ${(ms / 1000).toFixed(1)} s, as it was when the backup began, checked.`,
      );
      for (const name of manifest.fromEnvironment)
        io.out(`Not in the archive: ${name} (set in the environment); keep it with the archive.`);
      return 0;
    });
  },
};

function restoreBareSqlite(backup: string, config: Config, io: CliIo): number {
  if (config.databaseUrl)
    throw new FileRefusal(`${backup} is an SQLite database: unset DATABASE_URL to restore it.`);
  const target = databaseFile(config);
  const { keptAs } = restoreSqlite(backup, target);
  io.out(`Restored ${backup} as ${target}.`);
  if (keptAs) io.out(`The database that was there is kept as ${keptAs}.`);
  if (!config.secret && !existsSync(join(resolve(config.dataDir), 'secret'))) {
    io.out(
      `Sessions are signed with the secret in the data folder it came from (or KETE_SECRET): copy that folder's secret file here, or everybody signs in again.`,
    );
  }
  return 0;
}

export const restoreCommand: FileCommand = {
  name: 'restore',
  usage: 'restore <file.tar.gz>',
  summary: 'Restore a backup archive into an empty data folder or database (Kete stopped)',
  async runWithConfig(args, config, io) {
    const backup = oneFile(args);
    return refusalsPrinted(io, async () => {
      if (existsSync(backup) && looksLikeSqlite(backup)) restoreBareSqlite(backup, config, io);
      else {
        const manifest = await restoreServer(config, backup);
        io.out(`Restored ${contents(manifest)} from ${backup} into ${resolve(config.dataDir)}.`);
      }
      io.out('Start Kete to use it.');
      return 0;
    });
  },
};
