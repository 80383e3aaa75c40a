// The kind index on a database an older Kete filled: the upgrade writes every product's kind.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrations/index.js';
import { migrateAsOlderRelease } from '../../test/older-release.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let database: TestDatabase | undefined;
afterEach(() => database?.drop());

describe('055-product-kinds', () => {
  it('writes the kind of every product already in the catalogue, in batches', async () => {
    database = await createTestDatabase();
    await migrateAsOlderRelease(database, (name) => name < '055');
    // More than one batch of products, written as the older release did (no kind).
    const values = Array.from({ length: 2500 }, (_, i) =>
      i % 2
        ? sql`(${`Anchor Blue Top Milk ${i}ml`}, ${'Anchor'}, 0, 1, 1, 0, 0)`
        : sql`(${'Pams Flour Plain'}, ${'Pams'}, 0, 1, 1, 0, 0)`,
    );
    await sql`insert into products (name, brand, sale_type, minimum_quantity, minimum_increment, created_at, updated_at)
      values ${sql.join(values)}`.execute(database.db);

    await migrateToLatest(database);
    const kinds = await sql<{ kind_key: string | null; n: number | string }>`select kind_key, count(*) as n
      from products group by kind_key order by kind_key`.execute(database.db);
    expect(kinds.rows.map((row) => [row.kind_key, Number(row.n)])).toEqual([
      ['blue milk top', 1250],
      ['flour plain', 1250],
    ]);
  });
});
