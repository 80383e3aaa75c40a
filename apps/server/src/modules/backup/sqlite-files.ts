// Backup and restore of the SQLite database while it is in use (decision 0015).
//
// A backup is `VACUUM INTO` from a connection of its own: one read transaction, so the copy is the
// database exactly as it was when the backup began (every write acknowledged before then, none
// half-done), and in WAL mode that read neither waits for the server's writes nor makes them wait.
// sqlite3's `.backup` (the online backup API in small steps) starts over whenever another process
// writes between two steps, and never finished while about 8 writes a second went on.
//
// A restore puts a checked copy in place only when no server has the database open, and keeps the
// database it replaces (with its log) beside it: a restore never loses anything.
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { looksLikeSqlite } from '../../data-folder.js';
import { allMigrations } from '../../db/migrations/index.js';

/** Something about the files stops the command: printed as it is, exit code 1. */
export class FileRefusal extends Error {}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The tables every Kete database has had since its first release. */
const KETE_TABLES = ['kysely_migration', 'users', 'workspaces', 'stores'];

/**
 * Refuses (FileRefusal) a file that is not a whole Kete database this version can open: not SQLite,
 * damaged, another program's database, or one a newer Kete has migrated.
 */
export function checkKeteDatabase(file: string): { migrations: number } {
  if (!existsSync(file)) throw new FileRefusal(`${file} does not exist.`);
  if (statSync(file).size === 0 || !looksLikeSqlite(file))
    throw new FileRefusal(`${file} is not an SQLite database.`);
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new FileRefusal(`${file} is damaged (SQLite's quick_check: ${String(check)}).`);
    const tables = new Set(
      db
        .prepare("select name from sqlite_master where type = 'table'")
        .all()
        .map((row) => (row as { name: string }).name),
    );
    const missing = KETE_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      throw new FileRefusal(
        `${file} is an SQLite database but not Kete's (it has no ${missing.join(', ')} table).`,
      );
    }
    const applied = db
      .prepare('select name from kysely_migration')
      .all()
      .map((row) => (row as { name: string }).name);
    const known = allMigrations('sqlite');
    const unknown = applied.filter((name) => !known[name]).sort();
    if (unknown.length > 0) {
      throw new FileRefusal(
        `${file} was written by a newer version of Kete (it has migration ${unknown[0]}, which this version does not know): restore it with that version or a later one.`,
      );
    }
    return { migrations: applied.length };
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`${file} cannot be read as a database: ${(error as Error).message}.`);
  } finally {
    db?.close();
  }
}

export interface BackupResult {
  bytes: number;
  ms: number;
}

/** A consistent copy of `source` (in use or not) written to `target`, which must not exist yet. */
export function backupSqlite(source: string, target: string): BackupResult {
  if (!existsSync(source)) throw new FileRefusal(`There is no database at ${source} to back up.`);
  if (existsSync(target))
    throw new FileRefusal(`${target} already exists: give a new file name (a backup never overwrites).`);
  const started = performance.now();
  // Written beside the target under another name, then renamed: a backup that stops half-way
  // (a full disk, Ctrl-C) leaves no file that looks like a backup.
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('vacuum into ?').run(partial);
  } catch (error) {
    if (existsSync(partial)) unlinkSync(partial);
    throw new FileRefusal(`The backup of ${source} failed: ${(error as Error).message}.`);
  } finally {
    db.close();
  }
  try {
    fsyncPath(partial);
    checkKeteDatabase(partial);
    renameSync(partial, target);
    fsyncPath(dirname(target));
  } catch (error) {
    if (existsSync(partial)) unlinkSync(partial);
    throw error;
  }
  return { bytes: statSync(target).size, ms: performance.now() - started };
}

/**
 * Whether a process has the database open: each connection to a WAL database holds a shared lock
 * on it, so an exclusive lock is refused at once while a server (or any program) uses it.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = exclusive');
    db.exec('begin exclusive');
    db.exec('commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  /** Where the database that was there before now is (null when there was none). */
  keptAs: string | null;
}

/** Puts a checked copy of `backup` in place as `target` (kete.sqlite), keeping what was there. */
export function restoreSqlite(backup: string, target: string, now = new Date()): RestoreResult {
  checkKeteDatabase(backup);
  if (databaseInUse(target)) {
    throw new FileRefusal(
      `A Kete server (or another program) has ${target} open. Stop it, then restore; a database in use is never replaced.`,
    );
  }
  mkdirSync(dirname(target), { recursive: true });
  const incoming = `${target}.restoring-${process.pid}`;
  copyFileSync(backup, incoming);
  fsyncPath(incoming);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    // The log and its index belong to the database beside them: they move with it, or the restored
    // copy would be read with another database's log.
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(target + suffix)) renameSync(target + suffix, keptAs + suffix);
    }
    renameSync(target, keptAs);
  }
  renameSync(incoming, target);
  fsyncPath(dirname(target));
  return { keptAs };
}
