// The benches' 6-store workspace: two stores of each chain in Auckland, as a household in a city
// with all three chains near it chooses.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export async function sixAucklandStores(db: Kysely<DB>): Promise<number[]> {
  const auckland = await db
    .selectFrom('stores')
    .select(['id', 'chain'])
    .where('region', '=', 'Auckland')
    .orderBy('id')
    .execute();
  return [1, 2, 3].flatMap((chain) =>
    auckland
      .filter((s) => s.chain === chain)
      .slice(0, 2)
      .map((s) => s.id),
  );
}
