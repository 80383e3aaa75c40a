// `kete ingest <file>` as operators run it: the built CLI (dist/), whose lines are read and parsed
// on a worker thread while the main thread writes. Its database must come out exactly as the
// in-process ingest (parsing on the writing thread) leaves it, and bad lines must keep their
// numbers across the worker's chunks (4,096 lines each).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, openSqlite } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { cliEntry } from '../../test/server-process.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createScratchPostgresDatabase, testDialect } from '../../test/test-database.js';
import { demoFeed } from '../catalogue/demo/demo-prices.js';
import { demoProducts } from '../catalogue/demo/demo-products.js';
import { demoStores } from '../catalogue/demo/demo-seed.js';
import { describeReport } from './ingest.command.js';
import { ingestLines } from './ingest.service.js';

let t: TestApp;
let dir: string;
let databaseUrl = '';
let dropDatabase = async () => {};
beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(join(tmpdir(), 'kete-ingest-process-'));
  if (testDialect() === 'postgres')
    ({ url: databaseUrl, drop: dropDatabase } = await createScratchPostgresDatabase());
});
afterAll(async () => {
  await t.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

function runCli(args: string[], stdin?: string): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [cliEntry, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      KETE_DATA_DIR: join(dir, 'data'),
      KETE_DEMO_DATA: '0',
      KETE_SECRET: 'ingest-process-test-secret-'.repeat(2),
      DATABASE_URL: databaseUrl,
    },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  if (stdin && child.stdin) createReadStream(stdin).pipe(child.stdin);
  let out = '';
  let err = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    err += b.toString();
  });
  // The first line names the database (stale-stores.process.test.ts checks it); the rest is the ingest's.
  return new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, out, err: err.replace(/^Database: .*\n/, '') })),
  );
}

/** Every ingested table, in key order (product timestamps left out: each run has its own clock). */
async function contents(db: Kysely<DB>) {
  return {
    products: await db
      .selectFrom('products')
      .select([
        'id',
        'name',
        'brand',
        'display_units',
        'sale_type',
        'minimum_quantity',
        'minimum_increment',
        'image_url',
        'category',
      ])
      .orderBy('id')
      .execute(),
    sources: await db
      .selectFrom('product_sources')
      .selectAll()
      .orderBy('chain')
      .orderBy('product_key')
      .execute(),
    barcodes: await db.selectFrom('product_barcodes').selectAll().orderBy('barcode').execute(),
    prices: await db.selectFrom('prices').selectAll().orderBy('store_id').orderBy('product_id').execute(),
    history: await db
      .selectFrom('price_history')
      .selectAll()
      .orderBy('product_id')
      .orderBy('store_id')
      .orderBy('observed_at')
      .execute(),
  };
}

describe('kete ingest <file> (parsed on a worker thread)', () => {
  it('leaves the same database as the in-process ingest, and numbers bad lines across chunks', async () => {
    const stores = await demoStores(t.ctx);
    const now = Date.parse('2026-11-02T00:00:00Z');
    // Two weeks: the earlier one only where the price changed, so history has changes in it.
    const lines = [...demoFeed(demoProducts(30), stores, { now, weeks: 2, stockShare: 0.87 })];
    expect(lines.length).toBeGreaterThan(2 * 4096 + 1000);
    const woolworths = stores.find((s) => s.chain === 3);
    if (!woolworths) throw new Error('no Woolworths store');
    const first = JSON.parse(lines[0] as string) as { chain: string; store: string; productKey: string };
    // Bad lines at chunk edges and in the middle, a blank line, CRLF endings, a delisting and a
    // whole store's listing closed with nothing listed after `since`.
    lines.splice(0, 0, 'not json');
    lines.splice(4095, 0, '{"chain":"woolworths"}');
    lines.splice(4096, 0, '');
    lines.splice(8193, 0, JSON.stringify({ chain: 'aldi', store: 'x', productKey: 'y', observedAt: now }));
    lines.push(
      JSON.stringify({
        chain: first.chain,
        store: first.store,
        productKey: first.productKey,
        delisted: true,
        observedAt: now + 1000,
      }),
      JSON.stringify({
        chain: 'woolworths',
        store: woolworths.sourceId,
        listingComplete: true,
        since: now + 1,
        observedAt: now + 2000,
      }),
      `${'x'.repeat(20_000)}`,
    );
    const text = `${lines.slice(0, 100).join('\r\n')}\r\n${lines.slice(100).join('\n')}\n`;
    const file = join(dir, 'feed.ndjson');
    writeFileSync(file, text);

    const cli = await runCli(['ingest', file]);
    const inProcess = await ingestLines(t.ctx, text.split(/\r?\n/).slice(0, -1));
    expect(cli.code, cli.err).toBe(3);
    const expected = describeReport(inProcess, 0, 0);
    expect(cli.err.trim().split('\n')).toEqual(expected.slice(0, -1));
    expect(cli.err).toContain('line 1: not valid JSON');
    expect(cli.err).toContain('line 4096: store is required');
    expect(cli.err).toContain('line 8194: chain must be newworld, paknsave or woolworths');
    expect(cli.err).toContain(`line ${lines.length}: longer than 16384 characters`);
    // The summary line, less its timing and memory.
    const counts = (line: string) => line.replace(/^Read \d+ lines in [^:]*: /, '');
    expect(counts(cli.out.trim())).toBe(counts(expected.at(-1) ?? ''));
    expect(inProcess.delisted).toBeGreaterThan(1);

    const database: Database = databaseUrl
      ? openPostgres(databaseUrl, { maxConnections: 2 })
      : openSqlite(join(dir, 'data', 'kete.sqlite'));
    try {
      const fromCli = await contents(database.db);
      const fromTest = await contents(t.ctx.db);
      expect(fromCli.prices.length).toBeGreaterThan(10_000);
      expect(fromCli).toEqual(fromTest);
    } finally {
      await database.close();
    }
  });

  it('reads stdin the same way: loading the same feed again through it changes nothing', async () => {
    const file = join(dir, 'feed.ndjson');
    const database: Database = databaseUrl
      ? openPostgres(databaseUrl, { maxConnections: 2 })
      : openSqlite(join(dir, 'data', 'kete.sqlite'));
    try {
      const before = await contents(database.db);
      const again = await runCli(['ingest', '-'], file);
      expect(again.code, again.err).toBe(3);
      expect(again.err).toContain('line 8194: chain must be newworld, paknsave or woolworths');
      expect(await contents(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
