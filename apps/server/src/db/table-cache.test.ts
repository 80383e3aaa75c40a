// Answers kept per process, against the suite's real database: kept until a write to the tables
// they are read from commits, never keeping a read that a change may have overtaken.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest } from './migrations/index.js';
import { TableCache } from './table-cache.js';

const USERS = new Set(['users']);
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database);
  await database.db
    .insertInto('users')
    .values({ email: 'kept@example.com', display_name: 'Before', features: '', created_at: Date.now() })
    .execute();
});
afterAll(() => database.drop());

/** The user's name, read from the database, counting the reads. */
function nameReader() {
  let reads = 0;
  const read = async () => {
    reads += 1;
    const row = await database.db
      .selectFrom('users')
      .select('display_name')
      .where('email', '=', 'kept@example.com')
      .executeTakeFirstOrThrow();
    return { name: row.display_name };
  };
  return { read, reads: () => reads };
}

const rename = (name: string) =>
  database.db
    .updateTable('users')
    .set({ display_name: name })
    .where('email', '=', 'kept@example.com')
    .execute();

describe('table cache', () => {
  it('answers from memory until a write to its tables commits, then reads the change', async () => {
    const cache = new TableCache<{ name: string }>(USERS);
    const reader = nameReader();
    expect(await cache.read('k', reader.read)).toEqual({ name: 'Before' });
    expect(await cache.read('k', reader.read)).toEqual({ name: 'Before' });
    expect(reader.reads()).toBe(1);
    // A write to another table keeps it.
    await database.db.insertInto('catalogue_facts').values({ key: 'unrelated', value: 'x' }).execute();
    expect(await cache.read('k', reader.read)).toEqual({ name: 'Before' });
    expect(reader.reads()).toBe(1);
    await rename('After');
    expect(await cache.read('k', reader.read)).toEqual({ name: 'After' });
    expect(reader.reads()).toBe(2);
  });

  it('reads once for requests that miss together, frozen for each of them', async () => {
    const cache = new TableCache<{ name: string }>(USERS);
    const reader = nameReader();
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.read('s', reader.read)));
    expect(reader.reads()).toBe(1);
    expect(answers.every((answer) => Object.isFrozen(answer) && answer.name === answers[0]?.name)).toBe(true);
  });

  it('does not hand a request that came after a write the read begun before it', async () => {
    const cache = new TableCache<{ name: string }>(USERS);
    const reader = nameReader();
    let readStarted = () => {};
    const started = new Promise<void>((resolve) => {
      readStarted = resolve;
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first read has the old name and is still on its way back when the rename commits.
    const first = cache.read('w', async () => {
      const value = await reader.read();
      readStarted();
      await held;
      return value;
    });
    await started;
    await rename('Renamed while reading');
    const second = cache.read('w', reader.read);
    release();
    expect((await second).name).toBe('Renamed while reading');
    expect((await first).name).not.toBe('Renamed while reading');
    expect(reader.reads()).toBe(2);
    await rename('After');
  });

  it('hands out frozen values: one request cannot change what the next is told', async () => {
    const cache = new TableCache<{ name: string; stores: number[] }>(USERS);
    const value = await cache.read('f', async () => ({ name: 'x', stores: [1, 2] }));
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => value.stores.push(3)).toThrow(TypeError);
  });

  it('does not keep a read that began before a write committed (it may hold what the write changed)', async () => {
    const cache = new TableCache<{ name: string }>(USERS);
    const reader = nameReader();
    let committed: Promise<unknown> = Promise.resolve();
    // The read gets the old name, then the write commits before the read is done.
    const slowRead = async () => {
      const value = await reader.read();
      committed = rename('Later');
      await committed;
      return value;
    };
    expect(await cache.read('o', slowRead)).toEqual({ name: 'After' });
    await committed;
    expect(await cache.read('o', reader.read)).toEqual({ name: 'Later' });
    expect(reader.reads()).toBe(2);
  });
});
