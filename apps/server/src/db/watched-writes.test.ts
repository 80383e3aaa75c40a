// The driver tells a cache of every committed write to its tables, whoever wrote them, on the
// suite's real database (SQLite, or PostgreSQL with KETE_TEST_DB=postgres).
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { migrateToLatest } from './migrations/index.js';
import { type WriteWatcher, writeWatchers, writtenTables } from './watched-writes.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database);
});
afterAll(() => database.drop());

/** A watcher of `users` that records what it heard, in order. */
function recorder() {
  const heard: string[] = [];
  const watcher: WriteWatcher = {
    tables: new Set(['users']),
    settled: async (written) => {
      heard.push(`settled ${[...written].join(',')}`);
    },
  };
  const stop = writeWatchers.add(watcher);
  return { heard, stop };
}

const addUser = (email: string) =>
  database.db
    .insertInto('users')
    .values({ email, display_name: 'Someone', features: '', created_at: Date.now() })
    .execute();

describe('watched writes', () => {
  it('hears a write on its own once it has committed, and not a read or another table', async () => {
    const { heard, stop } = recorder();
    await database.db.selectFrom('users').select('id').execute();
    await database.db.selectFrom('stores').select('id').limit(1).execute();
    expect(heard).toEqual([]);
    let visibleWhenSettled: number | undefined;
    const reading = writeWatchers.add({
      tables: new Set(['users']),
      // What a cache reads again once told: the write must already be there.
      settled: async () => {
        const row = await database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('email', '=', 'one@example.com')
          .executeTakeFirst();
        visibleWhenSettled = Number(row?.n);
      },
    });
    await addUser('one@example.com');
    reading();
    stop();
    expect(heard).toEqual(['settled users']);
    expect(visibleWhenSettled).toBe(1);
  });

  it('hears a transaction once, when it commits (or rolls back), not at each statement', async () => {
    const { heard, stop } = recorder();
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ email: 'two@example.com', display_name: 'Someone', features: '', created_at: Date.now() })
        .execute();
      await trx
        .updateTable('users')
        .set({ display_name: 'Two' })
        .where('email', '=', 'two@example.com')
        .execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['settled users']);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ display_name: 'Gone' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual(['settled users', 'settled users']);
    stop();
  });

  it('reads which tables a statement writes, raw SQL included; a lock-taking no-op update writes none', () => {
    const db = database.db;
    expect(writtenTables(db.selectFrom('users').selectAll().compile())).toEqual([]);
    expect(writtenTables(db.deleteFrom('workspace_members').where('user_id', '=', 1).compile())).toEqual([
      'workspace_members',
    ]);
    expect(writtenTables(db.updateTable('workspaces as w').set({ shared_name: 'x' }).compile())).toEqual([
      'workspaces',
    ]);
    // workspace-caps.ts takes the workspace's lock by setting a column to itself: nothing changes.
    expect(
      writtenTables(
        db
          .updateTable('workspaces')
          .set((eb) => ({ owner_user_id: eb.ref('owner_user_id') }))
          .where('id', '=', 1)
          .compile(),
      ),
    ).toEqual([]);
    expect(
      writtenTables(CompiledQuery.raw('INSERT INTO "workspace_stores" (workspace_id) values (?)')),
    ).toEqual(['workspace_stores']);
    expect(writtenTables(CompiledQuery.raw('delete from kete.users where id = $1'))).toEqual(['users']);
    expect(
      writtenTables(CompiledQuery.raw('insert into prices (a) values (?) on conflict do update set a = 1')),
    ).toEqual(['prices', 'set']);
    expect(writtenTables(sql`select 1`.compile(db))).toEqual([]);
  });
});
