import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, MIN_SECRET_LENGTH, SecretFileError } from './secret.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadOrCreateSecret', () => {
  it('generates a secret once and keeps it in the data folder, readable only by its owner', () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-secret-'));
    const first = loadOrCreateSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadOrCreateSecret(dir)).toBe(first);
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
  });

  it('prefers KETE_SECRET', () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-secret-'));
    expect(loadOrCreateSecret(dir, 'configured-secret-configured-secret')).toBe(
      'configured-secret-configured-secret',
    );
  });
});

describe('a damaged secret file', () => {
  it('refuses to start on an empty or short secret file instead of signing with it', () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-secret-'));
    for (const content of ['', '\n', 'short-secret\n', 'x'.repeat(MIN_SECRET_LENGTH - 1)]) {
      writeFileSync(join(dir, 'secret'), content);
      expect(() => loadOrCreateSecret(dir)).toThrow(SecretFileError);
    }
  });

  it('writes the new file whole and leaves no temporary file behind', () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-secret-'));
    const secret = loadOrCreateSecret(dir);
    expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe(`${secret}\n`);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('uses the file another process wrote first', () => {
    dir = mkdtempSync(join(tmpdir(), 'kete-secret-'));
    const theirs = 'y'.repeat(64);
    writeFileSync(join(dir, 'secret'), `${theirs}\n`);
    expect(loadOrCreateSecret(dir)).toBe(theirs);
  });
});
