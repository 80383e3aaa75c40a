// The older release a migration test builds must not read other test files' schemas: they are
// dropped while it runs. Kysely's Migrator asks PostgreSQL for every table of every schema, by
// name, and failed with "schema t_... does not exist" when a schema went between the catalogue's
// rows and the name's lookup (CI, sixth stop). Here other sessions keep dropping schemas while a
// large one makes that read long: Kysely's Migrator failed 11 and 15 of 30 builds so, and the
// chance that it passed all ten below is under 1%. Runs against TEST_DATABASE_URL in both
// projects, as the other PostgreSQL-only tests do.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/database.js';
import { migrateAsOlderRelease } from './older-release.js';

const BUILDS = 10;
const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const schemaName = () => `older_${randomBytes(6).toString('hex')}`;

async function adminSession(): Promise<pg.Client> {
  if (!url) throw new Error('needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Other test files: one schema with many tables, and schemas made and dropped until stopped. */
async function otherFilesAtWork(): Promise<() => Promise<number>> {
  const admin = await adminSession();
  const large = schemaName();
  const tables = Array.from(
    { length: 400 },
    (_, i) => `create table ${large}.t${i} (id serial primary key);`,
  );
  await admin.query(`create schema ${large}; ${tables.join(' ')}`);
  cleanups.push(async () => void (await admin.query(`drop schema ${large} cascade`)));
  let working = true;
  let dropped = 0;
  const work = (async () => {
    while (working) {
      const schema = schemaName();
      await admin.query(`create schema ${schema}; create table ${schema}.items (id serial primary key)`);
      await admin.query(`drop schema ${schema} cascade`);
      dropped += 1;
    }
  })();
  const stop = async () => {
    working = false;
    await work;
    return dropped;
  };
  // Also when the test fails: the last schema made is dropped before the session ends.
  cleanups.push(async () => void (await stop()));
  return stop;
}

describe('a database as an older release left it', () => {
  it('is built while other test files drop their schemas', async () => {
    const admin = await adminSession();
    const stop = await otherFilesAtWork();
    const built: string[][] = [];
    for (let i = 0; i < BUILDS; i++) {
      const schema = schemaName();
      await admin.query(`create schema ${schema}`);
      const database = openPostgres(url as string, { schema, maxConnections: 2 });
      try {
        await migrateAsOlderRelease(database, (name) => name < '002');
        const db = database.db as unknown as Kysely<{ kysely_migration: { name: string } }>;
        built.push((await db.selectFrom('kysely_migration').select('name').execute()).map((row) => row.name));
      } finally {
        await database.close();
        await admin.query(`drop schema ${schema} cascade`);
      }
    }
    expect(await stop()).toBeGreaterThan(BUILDS);
    expect(built).toEqual(Array.from({ length: BUILDS }, () => ['001-platform']));
  });
});
