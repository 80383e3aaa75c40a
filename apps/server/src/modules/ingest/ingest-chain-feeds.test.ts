import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer } from '../../test/fixtures/chains/fixture-server.js';
import { stores } from '../../test/fixtures/feed-lines.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { fetchStore } from '../adapters/fetch.command.js';
import { ingestCommand } from './ingest.command.js';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'kete-feed-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function feedFile(chain: 'woolworths' | 'newworld' | 'paknsave', store: string, pageSize: number) {
  const server = await startFixtureServer(chain);
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c) => chunks.push(String(c)));
  await fetchStore(
    { chain, store, baseUrl: server.url, intervalMs: 0, retries: 0, backoffMs: 1, pageSize },
    out,
  );
  await server.close();
  const file = join(dir, `${chain}.ndjson`);
  writeFileSync(file, chunks.join(''));
  return file;
}

async function runIngest(file: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await ingestCommand.run([file], t.ctx, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const promotionsBySource = async (chain: number) =>
  Object.fromEntries(
    (
      await t.ctx.db
        .selectFrom('prices as p')
        .innerJoin('product_sources as s', 's.product_id', 'p.product_id')
        .innerJoin('stores as st', 'st.id', 'p.store_id')
        .select(['s.product_key', 'p.promotion_type', 'p.price', 'p.multibuy_quantity'])
        .where('s.chain', '=', chain)
        .where('st.chain', '=', chain)
        .execute()
    ).map((r) => [r.product_key, [r.promotion_type, r.price, r.multibuy_quantity]]),
  );

describe('chain feeds through `kete ingest`', () => {
  it('stores every promotion kind the chains send', async () => {
    for (const [chain, store, size] of [
      ['woolworths', stores.woolworthsFlaxmere.store, 3],
      ['newworld', stores.newWorldAlbany.store, 2],
      ['paknsave', stores.paknsaveAlbany.store, 50],
    ] as const) {
      const result = await runIngest(await feedFile(chain, store, size));
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out[0]).toMatch(/^Read \d+ lines in .* 0 bad lines skipped\.$/);
    }
    expect(await promotionsBySource(3)).toEqual({
      '282765': [5, 499, null],
      '133211': [6, 650, null],
      '135344': [1, 220, null],
      '5046525': [0, 349, null],
      '263180': [0, 649, 2],
    });
    expect(await promotionsBySource(1)).toEqual({
      '5201479-EA-000': [2, 469, null],
      '5039965-EA-000': [3, 599, null],
      '5002563-EA-000': [2, 399, 2],
    });
    expect(await promotionsBySource(2)).toEqual({
      '5046525-KGM-000': [0, 299, null],
      '5201479-EA-000': [4, 449, null],
    });
  });

  it('reports bad lines on stderr with their numbers and exits 3', async () => {
    const file = join(dir, 'bad.ndjson');
    writeFileSync(file, '{"chain":"woolworths"}\n\nnot json\n');
    const result = await runIngest(file);
    expect(result.code).toBe(3);
    expect(result.err).toEqual(['line 1: store is required', 'line 3: not valid JSON']);
  });

  it('says so when the file cannot be read', async () => {
    const result = await runIngest(join(dir, 'missing.ndjson'));
    expect(result.code).toBe(1);
    expect(result.err[0]).toMatch(/^Cannot read .*missing\.ndjson: ENOENT/);
  });
});
