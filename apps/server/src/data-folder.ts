// Start-up checks of the places Kete writes, so a folder it cannot use stops it with a message a
// person can act on (the path and the cause) instead of SQLite's `unable to open database file`,
// `disk I/O error` or `FOREIGN KEY constraint failed`, or a 500 on the first sign-in when the outbox
// cannot be written.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  statfsSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, ConfigError } from './config.js';

/** Below this much free space in the data folder an SQLite Kete does not start (its log and a refresh need room). */
export const MIN_FREE_MB = 100;

export const databaseFile = (config: Pick<Config, 'dataDir'>) => join(resolve(config.dataDir), 'kete.sqlite');

/** Printed as it is, like a bad setting (server.ts). */
export class DataFolderError extends ConfigError {}

const CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'it is on a read-only file system',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  EISDIR: 'a folder of that name is in the way',
};

function cause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return CAUSES[code] ? `${CAUSES[code]} (${code})` : String((error as Error).message ?? error);
}

/** Creates the folder if need be, then writes, flushes and removes a small file in it. */
function checkWritable(dir: string, what: string, remedy: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.kete-write-check-${process.pid}`);
    const fd = openSync(probe, 'w');
    try {
      writeSync(fd, 'ok');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    unlinkSync(probe);
  } catch (error) {
    throw new DataFolderError(`Kete cannot start: ${what} cannot be written: ${cause(error)}. ${remedy}`);
  }
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** Whether the file starts as every SQLite database does (an empty file is a database yet to be made). */
export function looksLikeSqlite(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    return read === 0 || header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

export function checkDataFolder(config: Config): void {
  const dataDir = resolve(config.dataDir);
  checkWritable(
    dataDir,
    `the data folder ${dataDir} (KETE_DATA_DIR)`,
    'Make it writable for the user running Kete, or set KETE_DATA_DIR to a folder it can write.',
  );
  if (!config.databaseUrl) {
    const { bavail, bsize } = statfsSync(dataDir);
    const freeMb = Math.floor((bavail * bsize) / 1_048_576);
    if (freeMb < MIN_FREE_MB) {
      throw new DataFolderError(
        `Kete cannot start: the data folder ${dataDir} has ${freeMb} MB free, and its SQLite database needs at least ${MIN_FREE_MB} MB. Free some space on that disk, or set KETE_DATA_DIR to a folder on a disk with room.`,
      );
    }
    const file = databaseFile(config);
    if (existsSync(file) && !looksLikeSqlite(file)) {
      throw new DataFolderError(
        `Kete cannot start: ${file} is not an SQLite database. Move it away (Kete then starts with a new database), or restore a backup into it (npm run kete -- restore <file>).`,
      );
    }
  }
  if (!config.smtpUrl) {
    const outbox = join(dataDir, 'outbox');
    checkWritable(
      outbox,
      `the outbox folder ${outbox}, where e-mails (sign-in codes) are saved while SMTP_URL is unset,`,
      'Make it writable for the user running Kete, or set SMTP_URL to send e-mail.',
    );
  }
}
