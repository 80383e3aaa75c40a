// The signing secret: KETE_SECRET, or one generated on first start and kept in the data folder
// so that restarts keep sessions valid. Several processes sharing a database must share it too.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError } from '../config.js';
import { readOrCreateOnce } from './write-once-file.js';

/** The same floor KETE_SECRET has (config.ts). */
export const MIN_SECRET_LENGTH = 32;

/** A ConfigError: start-up stops with the message, as for a bad environment variable. */
export class SecretFileError extends ConfigError {}

function readSecret(file: string, text: string): string {
  const secret = text.trim();
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
  return readOrCreateOnce(
    file,
    (text) => readSecret(file, text),
    () => {
      const secret = randomBytes(48).toString('base64url');
      return { value: secret, text: `${secret}\n` };
    },
  );
}
