// Migration 101 parses the recipes saved before it, once (issue 43 item 6).
import { type Kysely, Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { allMigrations, migrateToLatest } from '../../db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

describe('migration 101-recipes-parsed', () => {
  it('keeps the parse of every recipe saved before it', async () => {
    database = await createTestDatabase();
    const older = Object.fromEntries(
      Object.entries(allMigrations(database.dialect)).filter(([name]) => name !== '101-recipes-parsed'),
    );
    const oldRelease = new Migrator({
      db: database.db as Kysely<unknown>,
      provider: { getMigrations: async () => older },
      allowUnorderedMigrations: true,
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    expect((await oldRelease.migrateToLatest()).error).toBeUndefined();
    const db = database.db;
    const user = await db
      .insertInto('users')
      .values({ email: 'old@example.com', display_name: 'Old', created_at: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const workspace = await db
      .insertInto('workspaces')
      .values({ owner_user_id: user.id, short_code: 'oldrecipe', created_at: 0 } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const old = db as unknown as Kysely<{ recipes: Record<string, unknown> }>;
    await old
      .insertInto('recipes')
      .values({
        workspace_id: workspace.id,
        name: 'Scones',
        servings: 8,
        ingredients: JSON.stringify(['3 cups flour', 'Topping:', '1 cup milk']),
        created_at: 0,
        updated_at: 0,
      })
      .execute();

    await migrateToLatest(database);
    const row = await db.selectFrom('recipes').select('parsed').executeTakeFirstOrThrow();
    const parsed = JSON.parse(row.parsed ?? 'null');
    expect(parsed.map((line: { quantity: number; name: string }) => [line.quantity, line.name])).toEqual([
      [3, 'flour'],
      [1, 'milk'],
    ]);
  });
});
