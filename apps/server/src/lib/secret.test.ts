import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secret.js';

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
