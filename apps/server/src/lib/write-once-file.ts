// A file written once by whichever process gets there first and then read by all (the server
// secret, the VAPID key pair): written whole to a temporary file, flushed, then linked into
// place, so the file is either absent or complete, never half-written. link() fails if another
// process got there first, and then everyone uses that one.
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
import { dirname } from 'node:path';

/**
 * The file's value as `read` parses it; when the file does not exist, `create()` is written
 * (mode 0600) and returned, unless another process wrote the file first, whose value is returned.
 * `read` throws on a file it cannot accept; that error reaches the caller.
 */
export function readOrCreateOnce<T>(
  file: string,
  read: (text: string) => T,
  create: () => { value: T; text: string },
): T {
  try {
    return read(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const { value, text } = create();
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read(readFileSync(file, 'utf8'));
  } finally {
    unlinkSync(temporary);
  }
  return value;
}
