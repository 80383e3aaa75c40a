// The log's flush after each commit (wal-sync.ts), on a real file: one flush at a time, the
// commits made meanwhile covered together by the next, and a failure reported to its callers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from './wal-sync.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function database() {
  const dir = mkdtempSync(join(tmpdir(), 'kete-wal-sync-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'kete.sqlite');
}

describe('flushing the write-ahead log', () => {
  it('covers the flushes asked while one runs with one more, and answers every caller', async () => {
    const file = database();
    writeFileSync(`${file}-wal`, 'frames');
    const wal = new WalSync(file);
    cleanups.push(() => wal.close());
    expect(wal.pending()).toBeUndefined();
    const asked = Array.from({ length: 10 }, () => wal.flush());
    expect(wal.pending()).toBe(asked[9]);
    await Promise.all(asked);
    expect(wal.flushes).toBe(2);
    expect(wal.pending()).toBeUndefined();
    await wal.flush();
    expect(wal.flushes).toBe(3);
  });

  it('fails the callers of a flush that cannot run, and flushes again once it can', async () => {
    const file = database();
    const wal = new WalSync(file);
    cleanups.push(() => wal.close());
    await expect(wal.flush()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(wal.pending()).toBeUndefined();
    writeFileSync(`${file}-wal`, 'frames');
    await wal.flush();
    expect(wal.flushes).toBe(1);
  });
});
