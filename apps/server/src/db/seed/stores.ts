// The real NZ store list (seed-data/nz-stores.csv, see its README) loaded on first start, with each
// Woolworths site's online-shop store id (seed-data/woolworths-online-ids.csv).
import { readFileSync } from 'node:fs';
import { StoreType } from '@kete/shared';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { woolworthsStoreIds } from '../../modules/adapters/woolworths-store-ids.js';
import type { DB } from '../schema.js';

const csvPath = new URL('../../../seed-data/nz-stores.csv', import.meta.url);

const chainTypes: Record<string, StoreType> = {
  NewWorld: StoreType.NewWorld,
  PakNSave: StoreType.PakNSave,
  Woolworths: StoreType.Woolworths,
};

interface StoreRow {
  chain: string;
  source_id: string;
  name: string;
  address: string;
  city: string;
  region: string;
  latitude: string;
  longitude: string;
}

const toCoordinate = (value: string) => (value.trim() === '' ? null : Number(value));

export function readSeedStores() {
  const rows: StoreRow[] = parse(readFileSync(csvPath), { columns: true, skip_empty_lines: true });
  const online = woolworthsStoreIds();
  return rows.map((row) => {
    const chain = chainTypes[row.chain];
    if (!chain) throw new Error(`nz-stores.csv: unknown chain "${row.chain}"`);
    return {
      chain,
      source_id: row.source_id,
      name: row.name,
      address: row.address || null,
      city: row.city || null,
      region: row.region || null,
      latitude: toCoordinate(row.latitude),
      longitude: toCoordinate(row.longitude),
      online_store_id:
        chain === StoreType.Woolworths ? (online.get(row.source_id)?.fulfilmentStoreId ?? null) : null,
    };
  });
}

/** Inserts any seed store not yet present; safe to run at every start. */
export async function seedStores(db: Kysely<DB>): Promise<number> {
  const existing = await db
    .selectFrom('stores')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  const stores = readSeedStores();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < stores.length; i += 100) {
      await trx
        .insertInto('stores')
        .values(stores.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['chain', 'source_id']).doNothing())
        .execute();
    }
  });
  return stores.length;
}
