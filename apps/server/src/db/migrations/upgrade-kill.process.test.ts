// An upgrade is all or nothing: a database as an earlier release left it (its migrations up to
// 020, with users, workspaces, the store list and a large sign-in history that makes the later
// migrations take a while), upgraded by the built server, which is killed (kill -9) at a different
// point of the upgrade in each run. Every restart after a kill must start, serve, and hold the
// same data, with every migration applied. Kysely's Migrator left such a database unable to start
// (`table "rate_limits" already exists`, `duplicate column name: online_store_id`).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessLevel, StoreType } from '@kete/shared';
import { type Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServer, startServerProcess } from '../../test/server-process.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { testDialect } from '../../test/test-database.js';
import { type Database, openPostgres, openSqlite } from '../database.js';
import { readSeedStores } from '../seed/stores.js';
import { allMigrations } from './index.js';

const RUNS = 12;
/** The earlier release: every migration named before this. */
const OLD_RELEASE_BEFORE = '021';
const USERS = 40;
const SIGN_IN_CODES = 300_000;

const dialect = testDialect();
let root: string;
let smtp: TestSmtpServer;
/** PostgreSQL: databases made for this file, dropped at the end. */
const scratch: string[] = [];
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const databaseUrl = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Where run `name`'s database lives: a data folder (SQLite) or a database of its own (PostgreSQL). */
interface Place {
  dataDir: string;
  url?: string;
}

function open(place: Place): Database {
  return place.url ? openPostgres(place.url) : openSqlite(join(place.dataDir, 'kete.sqlite'));
}

/** The tables as the earlier release had them, as far as this test writes them. */
interface OldRelease {
  users: { id: number; email: string; display_name: string; features: string; created_at: number };
  workspaces: { id: number; short_code: string; owner_user_id: number; created_at: number };
  workspace_members: { workspace_id: number; user_id: number; access_level: number; created_at: number };
  stores: Omit<ReturnType<typeof readSeedStores>[number], 'online_store_id'>;
}

async function buildOldRelease(database: Database) {
  const older = Object.fromEntries(
    Object.entries(allMigrations(database.dialect)).filter(([name]) => name < OLD_RELEASE_BEFORE),
  );
  // As the earlier release migrated: with Kysely's own Migrator.
  const { error } = await new Migrator({
    db: database.db as Kysely<unknown>,
    provider: { getMigrations: async () => older },
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  if (error) throw error;
  const db = database.db as unknown as Kysely<OldRelease>;
  const now = Date.now();
  for (let i = 1; i <= USERS; i++) {
    await db
      .insertInto('users')
      .values({
        id: i,
        email: `user${i}@example.com`,
        display_name: `User ${i}`,
        features: 'AccessList',
        created_at: now,
      })
      .execute();
    await db
      .insertInto('workspaces')
      .values({ id: i, short_code: `ws${i}`, owner_user_id: i, created_at: now })
      .execute();
    await db
      .insertInto('workspace_members')
      .values({ workspace_id: i, user_id: i, access_level: AccessLevel.Owner, created_at: now })
      .execute();
  }
  // The store list as the earlier release seeded it: without the columns 021 adds.
  const stores = readSeedStores().map(({ online_store_id: _, ...store }) => store);
  for (let i = 0; i < stores.length; i += 100)
    await db
      .insertInto('stores')
      .values(stores.slice(i, i + 100))
      .execute();
  // Literals, not parameters: PostgreSQL would type a parameter beside an integer as int4.
  const at = sql.lit(now);
  const old = sql.lit(now - 2 * 86_400_000); // codes of days gone by
  await sql`insert into workspace_stores (workspace_id, store_id, created_at)
    select w.id, s.id, ${at} from workspaces w, stores s where s.id <= 3`.execute(db);
  await sql`insert into sign_in_codes (email, code_hash, expires_at, attempts, active, created_at)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(SIGN_IN_CODES)})
    select 'user' || (i % ${sql.lit(USERS)} + 1) || '@example.com', 'hash' || i, ${old} - i + 600000, 0, 0, ${old} - i
    from n`.execute(db);
  if (database.dialect === 'postgres') {
    // Ids given above: move the sequences past them, as the earlier release's own inserts had.
    for (const table of ['users', 'workspaces']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db,
      );
    }
  }
}

/** What the earlier release's data must still be, and that the schema is this release's. */
async function expectIntactAndCurrent(place: Place) {
  const database = open(place);
  try {
    const { db } = database;
    const users = await db.selectFrom('users').select('email').orderBy('id').execute();
    expect(users.map((u) => u.email)).toEqual(
      Array.from({ length: USERS }, (_, i) => `user${i + 1}@example.com`),
    );
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n,
      );
    expect(await count('workspaces')).toBe(USERS);
    expect(await count('workspace_members')).toBe(USERS);
    expect(await count('workspace_stores')).toBe(USERS * 3);
    expect(await count('stores')).toBe(readSeedStores().length);
    expect(await count('sign_in_codes')).toBeGreaterThanOrEqual(SIGN_IN_CODES);
    // 021 gave the seeded Woolworths stores their online-shop ids.
    const woolworths = await db
      .selectFrom('stores')
      .select('online_store_id')
      .where('chain', '=', StoreType.Woolworths)
      .execute();
    expect(
      woolworths.filter((s: { online_store_id: string | null }) => s.online_store_id).length,
    ).toBeGreaterThan(100);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(applied.rows.map((m) => m.name).sort()).toEqual(Object.keys(allMigrations(dialect)).sort());
  } finally {
    await database.close();
  }
}

let template: Place;
const places: Place[] = [];

/** A fresh copy of the earlier release's database for one run. */
async function copyOfOldRelease(name: string): Promise<Place> {
  const dataDir = join(root, name);
  mkdirSync(dataDir);
  if (dialect === 'postgres') {
    const database = `kete_upgrade_${process.pid}_${name}`;
    await admin(`create database ${database} template ${new URL(template.url ?? '').pathname.slice(1)}`);
    scratch.push(database);
    return { dataDir, url: databaseUrl(database) };
  }
  copyFileSync(join(template.dataDir, 'kete.sqlite'), join(dataDir, 'kete.sqlite'));
  return { dataDir };
}

const env = (place: Place) => ({
  KETE_DATA_DIR: place.dataDir,
  SMTP_URL: smtp.url,
  KETE_DEMO_DATA: '0',
  KETE_WORKERS: '1',
  KETE_SECRET: 'a-secret-for-the-upgrade-test-of-32-characters',
  KETE_SIGNIN_RATE_LIMIT: '1000',
  ...(place.url ? { DATABASE_URL: place.url } : {}),
});

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'kete-upgrade-'));
  smtp = await startTestSmtpServer();
  const dataDir = join(root, 'template');
  mkdirSync(dataDir);
  if (dialect === 'postgres') {
    const name = `kete_upgrade_${process.pid}_template`;
    await admin(`create database ${name}`);
    scratch.push(name);
    template = { dataDir, url: databaseUrl(name) };
  } else {
    template = { dataDir };
  }
  const database = open(template);
  await buildOldRelease(database);
  await database.close();
  if (!template.url) expect(existsSync(join(dataDir, 'kete.sqlite-wal'))).toBe(false);
}, 120_000);

afterAll(async () => {
  await smtp.close();
  for (const name of scratch.reverse()) await admin(`drop database if exists ${name} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`upgrading an earlier release's database (${dialect})`, () => {
  it(`survives kill -9 at ${RUNS} points of the upgrade: every restart is healthy with the data intact`, async () => {
    // Upgrades left alone, to time one: when it starts and ends, counted from the process's start.
    // Timed twice and the shorter kept: the first pays for cold caches, so the runs after it
    // upgrade faster and kills timed by it alone landed after their upgrade (seen on Node 22).
    let upgradingAt = 0;
    let upgradedAt = 0;
    for (const name of ['calibration', 'calibration2']) {
      const calibration = await copyOfOldRelease(name);
      places.push(calibration);
      const startedAt = Date.now();
      const run = runServer(env(calibration));
      let began = 0;
      let ended = 0;
      for (let waited = 0; waited < 60_000 && !ended; waited += 5) {
        const output = run.output();
        if (!began && output.includes('Upgrading the database')) began = Date.now() - startedAt;
        if (output.includes('Database upgraded')) ended = Date.now() - startedAt;
        if (run.child.exitCode !== null) break;
        await sleep(5);
      }
      run.child.kill('SIGKILL');
      await run.exited;
      expect(ended, run.output()).toBeGreaterThan(0);
      await expectIntactAndCurrent(calibration);
      if (!upgradedAt || ended - began < upgradedAt - upgradingAt) {
        upgradingAt = began;
        upgradedAt = ended;
      }
    }

    const killedDuringUpgrade: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const place = await copyOfOldRelease(`run${i}`);
      places.push(place);
      // Each run's kill lands in its own slice of the upgrade, somewhere random within it, counted
      // from the moment the server says it begins.
      const after = ((i + Math.random()) / RUNS) * (upgradedAt - upgradingAt);
      const victim = runServer(env(place));
      await new Promise<void>((resolve) => {
        const listen = (chunk: Buffer) => {
          if (!chunk.toString().includes('Upgrading the database')) return;
          victim.child.stdout?.off('data', listen);
          setTimeout(resolve, after);
        };
        victim.child.stdout?.on('data', listen);
        victim.child.once('exit', () => resolve());
      });
      victim.child.kill('SIGKILL');
      await victim.exited;
      const output = victim.output();
      if (output.includes('Upgrading the database') && !output.includes('Database upgraded'))
        killedDuringUpgrade.push(i);

      const restarted = await startServerProcess(env(place));
      try {
        const health = await fetch(`${restarted.url}/api/health`);
        expect(health.status, `run ${i}: ${restarted.output()}`).toBe(200);
        const code = await fetch(`${restarted.url}/api/identity/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `user${i + 1}@example.com` }),
        });
        expect(code.status, `run ${i}: ${restarted.output()}`).toBe(200);
      } finally {
        restarted.child.kill('SIGTERM');
        await restarted.exited;
      }
      await expectIntactAndCurrent(place);
    }
    // The test itself: most kills must have landed inside the upgrade, not before or after it.
    expect(
      killedDuringUpgrade.length,
      `the upgrade ran ${upgradingAt}-${upgradedAt} ms after start; killed during it in runs ${killedDuringUpgrade}`,
    ).toBeGreaterThanOrEqual(RUNS / 2);
  }, 240_000);
});
