// Start-up on a data folder Kete cannot use: the built server stops with a message naming the path
// and the cause, not SQLite's `unable to open database file` or `disk I/O error`, and not a 500 at
// the first sign-in. Read-only and full file systems are real ones: a tmpfs mounted, in a mount
// namespace of the server's own (unshare), read-only or small.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FREE_MB } from './data-folder.js';
import { runServer } from './test/server-process.js';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kete-folders-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The server, started in its own mount namespace after `setup` (shell) has mounted what it needs. */
function withMounts(setup: string) {
  return {
    wrap: (command: string[]) => [
      'unshare',
      '--user',
      '--map-root-user',
      '--mount',
      'sh',
      '-c',
      `set -e; ${setup}; exec "$@"`,
      'sh',
      ...command,
    ],
  };
}

async function refusedStart(env: Record<string, string>, options = {}) {
  const run = runServer({ KETE_DEMO_DATA: '0', KETE_WORKERS: '1', ...env }, options);
  // A server that starts after all is ended, so the test fails on its output instead of hanging.
  const started = setTimeout(() => run.child.kill('SIGKILL'), 10_000);
  const code = await run.exited;
  clearTimeout(started);
  return { code, output: run.output() };
}

function expectPlainRefusal(result: { code: unknown; output: string }, message: RegExp) {
  expect(result.code, result.output).toBe(1);
  expect(result.output).toMatch(message);
  expect(result.output).not.toMatch(/at .*\.js:\d+/); // no stack trace
  expect(result.output).not.toMatch(/unable to open database file|disk I\/O error|SQLITE_/);
}

describe('start-up on a data folder Kete cannot use', () => {
  it('a read-only data folder: names the folder and says it is read-only', async () => {
    const dir = join(root, 'read-only');
    mkdirSync(dir);
    const result = await refusedStart(
      { KETE_DATA_DIR: dir },
      withMounts(`mount -t tmpfs -o ro,size=1m tmpfs '${dir}'`),
    );
    expectPlainRefusal(
      result,
      new RegExp(
        `Kete cannot start: the data folder ${dir} \\(KETE_DATA_DIR\\) cannot be written: it is on a read-only file system \\(EROFS\\)\\. Make it writable`,
      ),
    );
  });

  it('a full data folder: says the disk is full', async () => {
    const dir = join(root, 'full');
    mkdirSync(dir);
    const fill = `mount -t tmpfs -o size=1m tmpfs '${dir}'; dd if=/dev/zero of='${dir}/filler' bs=64k 2>/dev/null || true`;
    const result = await refusedStart({ KETE_DATA_DIR: dir }, withMounts(fill));
    expectPlainRefusal(
      result,
      new RegExp(
        `Kete cannot start: the data folder ${dir} \\(KETE_DATA_DIR\\) cannot be written: the disk is full \\(ENOSPC\\)`,
      ),
    );
  });

  it(`a data folder with less than ${MIN_FREE_MB} MB free: says how much is free`, async () => {
    const dir = join(root, 'small');
    mkdirSync(dir);
    const result = await refusedStart(
      { KETE_DATA_DIR: dir },
      withMounts(`mount -t tmpfs -o size=20m tmpfs '${dir}'`),
    );
    expectPlainRefusal(
      result,
      new RegExp(
        `Kete cannot start: the data folder ${dir} has 20 MB free, and its SQLite database needs at least ${MIN_FREE_MB} MB\\.`,
      ),
    );
  });

  it('a read-only outbox (no SMTP_URL): found at start, not at the first sign-in', async () => {
    const dir = join(root, 'outbox-read-only');
    mkdirSync(join(dir, 'outbox'), { recursive: true });
    const result = await refusedStart(
      { KETE_DATA_DIR: dir },
      withMounts(`mount -t tmpfs -o ro,size=1m tmpfs '${dir}/outbox'`),
    );
    expectPlainRefusal(
      result,
      new RegExp(
        `Kete cannot start: the outbox folder ${dir}/outbox, where e-mails \\(sign-in codes\\) are saved while SMTP_URL is unset, cannot be written: it is on a read-only file system \\(EROFS\\)\\. .*or set SMTP_URL`,
      ),
    );
  });

  it('a data folder that is a file, and a database file that is not a database', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    expectPlainRefusal(
      await refusedStart({ KETE_DATA_DIR: file }),
      new RegExp(
        `the data folder ${file} \\(KETE_DATA_DIR\\) cannot be written: a file of that name is in the way \\(EEXIST\\)`,
      ),
    );

    const dir = join(root, 'not-a-database');
    mkdirSync(dir);
    writeFileSync(join(dir, 'kete.sqlite'), 'these are somebody else’s notes, not a database');
    expectPlainRefusal(
      await refusedStart({ KETE_DATA_DIR: dir }),
      new RegExp(`Kete cannot start: ${dir}/kete.sqlite is not an SQLite database\\.`),
    );
  });
});
