// The SQLite multi-process path for real: a node:cluster primary relaying between two workers.
// It runs the built code (npm test builds first), like the server process tests.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./test/cluster-relay.fixture.mjs', import.meta.url));
const dist = fileURLToPath(new URL('../../../dist', import.meta.url));

describe('live events across cluster workers', () => {
  it('reach another worker through the primary', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [fixture, dist], { timeout: 15_000 });
    const line = stdout.split('\n').find((l) => l.startsWith('received '));
    expect(JSON.parse(line?.slice('received '.length) ?? 'null')).toMatchObject({
      topic: 'cart',
      byName: 'Sam',
      productName: 'Milk',
    });
  });
});
