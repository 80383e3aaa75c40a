// The signing secret: KETE_SECRET, or one generated on first start and kept in the data folder
// so that restarts keep sessions valid. Several processes sharing a database must share it too.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config.js';

/** The same floor KETE_SECRET has (config.ts). */
export const MIN_SECRET_LENGTH = 32;

/** A ConfigError: start-up stops with the message, as for a bad environment variable. */
export class SecretFileError extends ConfigError {}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  // An empty or cut-short file (a full disk, a crash mid-write by an older version) must not
  // become a weak key that anyone could guess and sign sessions with.
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new SecretFileError(
      `Kete cannot start: ${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters. ` +
        'Delete the file to generate a new one (everybody is signed out), or set KETE_SECRET.',
    );
  }
  return secret;
}

export function loadOrCreateSecret(dataDir: string, configured?: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'secret');
  try {
    return readSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole to a temporary file, flushed, then linked into place: the secret file is either
  // absent or complete, never half-written. link() fails if another process got there first, and
  // then everyone uses that one.
  const secret = randomBytes(48).toString('base64url');
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, `${secret}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSecret(file);
  } finally {
    unlinkSync(temporary);
  }
  return secret;
}
