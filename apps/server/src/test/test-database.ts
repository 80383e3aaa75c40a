// Each test file gets its own real database: a fresh SQLite file, or a fresh PostgreSQL schema
// when the suite runs with KETE_TEST_DB=postgres.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPostgres, openSqlite } from '../db/database.js';
import { markRan } from './markers.js';

export interface TestDatabase extends Database {
  /** Closes and throws the database away. */
  drop(): Promise<void>;
}

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.KETE_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDialect() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('KETE_TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    markRan('postgres');
    const database = openPostgres(url, { schema, maxConnections: 8 });
    return {
      ...database,
      async drop() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'kete-db-'));
  const database = openSqlite(join(dir, 'test.sqlite'));
  return {
    ...database,
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A whole new PostgreSQL database (for tests that run the server as a separate process). */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('needs TEST_DATABASE_URL');
  const name = `kete_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  markRan('postgres');
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
