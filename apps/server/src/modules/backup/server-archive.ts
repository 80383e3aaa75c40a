// One archive that restores a whole server (issue 48 item 5, decision 0026): the database (SQLite's
// consistent copy, or pg_dump's custom format), the `secret` that keys stored refresh tokens, the
// VAPID key pair phones subscribed with, and a manifest with each file's size and SHA-256. Written
// with `tar` (npm, gzip), beside the target and renamed into place, so a half-written archive never
// looks like a backup. Reading one takes only the names it knows: an archive from elsewhere cannot
// write outside the folder it is unpacked into.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { create, extract } from 'tar';
import type { Config } from '../../config.js';
import { databaseFile } from '../../data-folder.js';
import { dumpPostgres, restorePostgres, tablesIn, withScratchDatabase } from './postgres-dump.js';
import { backupSqlite, checkKeteDatabase, FileRefusal } from './sqlite-files.js';

export const ARCHIVE_FORMAT = 'kete-server-backup';
const SQLITE_FILE = 'kete.sqlite';
const PG_FILE = 'kete.pgdump';
const SECRET_FILE = 'secret';
const VAPID_FILE = 'vapid-keys.json';
const MANIFEST = 'manifest.json';
const KNOWN = new Set([SQLITE_FILE, PG_FILE, SECRET_FILE, VAPID_FILE, MANIFEST]);

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  files: Record<string, { bytes: number; sha256: string }>;
  /** What the archive leaves out because the environment supplies it (KETE_SECRET, VAPID keys). */
  fromEnvironment: string[];
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function scratchFolder(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kete-archive-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface BackupSummary {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

/** Writes the archive to `target` (which must not exist yet). */
export async function backupServer(config: Config, target: string, now = new Date()): Promise<BackupSummary> {
  if (existsSync(target))
    throw new FileRefusal(`${target} already exists: give a new file name (a backup never overwrites).`);
  const started = performance.now();
  const staging = scratchFolder();
  const partial = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  try {
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    if (config.databaseUrl) await dumpPostgres(config.databaseUrl, join(staging.dir, PG_FILE));
    else backupSqlite(databaseFile(config), join(staging.dir, SQLITE_FILE));
    const dataDir = resolve(config.dataDir);
    const fromEnvironment: string[] = [];
    for (const [name, envName] of [
      [SECRET_FILE, config.secret ? 'KETE_SECRET' : undefined],
      [
        VAPID_FILE,
        process.env.KETE_VAPID_PRIVATE_KEY ? 'KETE_VAPID_PUBLIC_KEY, KETE_VAPID_PRIVATE_KEY' : undefined,
      ],
    ] as const) {
      if (envName) fromEnvironment.push(envName);
      else if (existsSync(join(dataDir, name))) copyFileSync(join(dataDir, name), join(staging.dir, name));
    }
    const names = [SQLITE_FILE, PG_FILE, SECRET_FILE, VAPID_FILE].filter((n) =>
      existsSync(join(staging.dir, n)),
    );
    const files: Manifest['files'] = {};
    for (const name of names) {
      const path = join(staging.dir, name);
      files[name] = { bytes: statSync(path).size, sha256: sha256(path) };
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      engine,
      files,
      fromEnvironment,
    };
    writeFileSync(join(staging.dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await create({ gzip: true, file: partial, cwd: staging.dir, portable: true }, [MANIFEST, ...names]);
    // It holds the secret that signs sessions: readable by its owner only, like the secret file.
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { file: target, bytes: statSync(target).size, ms: performance.now() - started, manifest };
  } finally {
    rmSync(partial, { force: true });
    staging.remove();
  }
}

/** Unpacks the known files of `archive` into a new folder and checks them against the manifest. */
export async function unpackArchive(
  archive: string,
): Promise<{ dir: string; manifest: Manifest; remove(): void }> {
  if (!existsSync(archive)) throw new FileRefusal(`${archive} does not exist.`);
  const staging = scratchFolder();
  try {
    try {
      await extract({ file: archive, cwd: staging.dir, filter: (path) => KNOWN.has(path), strict: true });
    } catch (error) {
      throw new FileRefusal(`${archive} is not a Kete backup archive (${(error as Error).message}).`);
    }
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(join(staging.dir, MANIFEST), 'utf8')) as Manifest;
    } catch {
      throw new FileRefusal(`${archive} is not a Kete backup archive (it has no readable ${MANIFEST}).`);
    }
    if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== 1)
      throw new FileRefusal(`${archive} is not a Kete backup archive this version can read.`);
    for (const [name, expected] of Object.entries(manifest.files)) {
      const path = join(staging.dir, name);
      if (!KNOWN.has(name) || !existsSync(path) || sha256(path) !== expected.sha256)
        throw new FileRefusal(`${archive} is damaged: ${name} does not match its checksum in the manifest.`);
    }
    const database = manifest.engine === 'postgres' ? PG_FILE : SQLITE_FILE;
    if (!manifest.files[database]) throw new FileRefusal(`${archive} holds no database.`);
    if (manifest.engine === 'sqlite') checkKeteDatabase(join(staging.dir, SQLITE_FILE));
    return { dir: staging.dir, manifest, remove: staging.remove };
  } catch (error) {
    staging.remove();
    throw error;
  }
}

/** Refuses a data folder or database that already holds a server: a restore never replaces one. */
async function checkEmptyTarget(config: Config): Promise<void> {
  const dataDir = resolve(config.dataDir);
  const held = [SQLITE_FILE, SECRET_FILE, VAPID_FILE].filter(
    (name) => (name !== SQLITE_FILE || !config.databaseUrl) && existsSync(join(dataDir, name)),
  );
  if (held.length > 0)
    throw new FileRefusal(
      `${dataDir} already holds ${held.join(', ')}: restore into an empty data folder (a new KETE_DATA_DIR); a restore never replaces a server's files.`,
    );
  if (config.databaseUrl && (await tablesIn(config.databaseUrl)) > 0)
    throw new FileRefusal(
      'The database DATABASE_URL names is not empty: restore into an empty database (createdb a new one and point DATABASE_URL at it); a restore never replaces data.',
    );
}

/** Restores every file of the archive into the configured (empty) data folder and database. */
export async function restoreServer(config: Config, archive: string): Promise<Manifest> {
  const unpacked = await unpackArchive(archive);
  try {
    const { manifest } = unpacked;
    if ((manifest.engine === 'postgres') !== Boolean(config.databaseUrl))
      throw new FileRefusal(
        manifest.engine === 'postgres'
          ? `${archive} holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.`
          : `${archive} holds an SQLite database: unset DATABASE_URL to restore it into a data folder.`,
      );
    await checkEmptyTarget(config);
    const dataDir = resolve(config.dataDir);
    mkdirSync(dataDir, { recursive: true });
    if (config.databaseUrl) await restorePostgres(config.databaseUrl, join(unpacked.dir, PG_FILE));
    for (const name of [SQLITE_FILE, SECRET_FILE, VAPID_FILE]) {
      if (!manifest.files[name]) continue;
      // Copied under a passing name and renamed, so a stopped restore leaves no half file in place.
      const incoming = join(dataDir, `.${name}.restoring-${process.pid}`);
      copyFileSync(join(unpacked.dir, name), incoming);
      renameSync(incoming, join(dataDir, name));
    }
    return manifest;
  } finally {
    unpacked.remove();
  }
}

/** --verify: unpacks, checks every checksum, and restores the database into a scratch place. */
export async function verifyArchive(config: Config, archive: string): Promise<Manifest> {
  const unpacked = await unpackArchive(archive);
  try {
    if (unpacked.manifest.engine === 'postgres') {
      if (!config.databaseUrl)
        throw new FileRefusal(
          `${archive} holds a PostgreSQL database: set DATABASE_URL so it can be restored into a scratch database beside it.`,
        );
      await withScratchDatabase(config.databaseUrl, async (scratch) => {
        await restorePostgres(scratch, join(unpacked.dir, PG_FILE));
        if ((await tablesIn(scratch)) === 0)
          throw new FileRefusal(`${archive}: its database restored empty.`);
      });
    }
    return unpacked.manifest;
  } finally {
    unpacked.remove();
  }
}
