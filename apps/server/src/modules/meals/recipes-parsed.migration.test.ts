// Migration 101 parses the recipes saved before it, once (issue 43 item 6); 102 parses them again
// with the parser that counts cloves and slices as written, 103 with the one that reads American
// books (issue 43 item 1).
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import { migrateAsOlderRelease } from '../../test/older-release.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

async function migratedWithout(names: string[]): Promise<TestDatabase> {
  const created = await createTestDatabase();
  await migrateAsOlderRelease(created, (name) => !names.includes(name));
  return created;
}

async function savedRecipe(db: TestDatabase['db'], lines: string[], parsed?: string) {
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
      name: 'Garlic bread',
      servings: 4,
      ingredients: JSON.stringify(lines),
      ...(parsed === undefined ? {} : { parsed }),
      created_at: 0,
      updated_at: 0,
    })
    .execute();
}

/** A recipe saved before `migration` with the old parse `before`, as parsed after migrating. */
async function reparsed(migration: string, lines: string[], before: object[]) {
  database = await migratedWithout([migration]);
  await savedRecipe(database.db, lines, JSON.stringify(before));
  await migrateToLatest(database);
  const row = await database.db.selectFrom('recipes').select('parsed').executeTakeFirstOrThrow();
  return JSON.parse(row.parsed ?? 'null') as {
    quantity: number;
    unit: string;
    name: string;
    perWhole?: number;
  }[];
}

describe('migration 102-recipes-reparsed-counted-parts', () => {
  it('reads saved recipes again: 4 cloves of garlic are 4, not one bulb', async () => {
    const parsed = await reparsed(
      '102-recipes-reparsed-counted-parts',
      ['4 cloves garlic, crushed', '2 slices white bread'],
      [{ line: '4 cloves garlic, crushed', quantity: 1, unit: 'each', name: 'garlic' }],
    );
    expect(parsed.map((line) => [line.quantity, line.name, line.perWhole])).toEqual([
      [4, 'garlic', 10],
      [2, 'white bread', 10],
    ]);
  });
});

describe('migration 103-recipes-reparsed-american-books', () => {
  it('reads saved recipes again: two steaks of a stated weight are their whole weight', async () => {
    const parsed = await reparsed(
      '103-recipes-reparsed-american-books',
      ['Two 1¼-pound flank steaks', '1 lb (500 g) potatoes'],
      [{ line: 'Two 1¼-pound flank steaks', quantity: 2, unit: 'each', name: 'flank steaks' }],
    );
    expect(parsed.map((line) => [line.quantity, line.unit])).toEqual([
      [1134, 'g'],
      [453.6, 'g'],
    ]);
  });
});

describe('migration 101-recipes-parsed', () => {
  it('keeps the parse of every recipe saved before it', async () => {
    database = await migratedWithout([
      '101-recipes-parsed',
      '102-recipes-reparsed-counted-parts',
      '103-recipes-reparsed-american-books',
    ]);
    await savedRecipe(database.db, ['3 cups flour', 'Topping:', '1 cup milk']);
    await migrateToLatest(database);
    const row = await database.db.selectFrom('recipes').select('parsed').executeTakeFirstOrThrow();
    const parsed = JSON.parse(row.parsed ?? 'null');
    expect(parsed.map((line: { quantity: number; name: string }) => [line.quantity, line.name])).toEqual([
      [3, 'flour'],
      [1, 'milk'],
    ]);
  });
});
