import { compareByName, type OpeningDay, type Store, type StoreType } from '@kete/shared';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { DB } from '../../db/schema.js';

const storeColumns = [
  's.id',
  's.name',
  's.chain as type',
  's.latitude',
  's.longitude',
  's.opening_hours',
] as const;

type StoreRow = {
  id: number;
  name: string;
  type: number;
  latitude: number | null;
  longitude: number | null;
  opening_hours: string | null;
};
const toStore = ({ opening_hours, ...row }: StoreRow): Store => ({
  ...row,
  type: row.type as StoreType,
  openingHours: opening_hours ? (JSON.parse(opening_hours) as OpeningDay[]) : null,
});

// The store list is seed data and every start-up sends all of it: read and sort it once per
// database. Only a refresh changes it (opening hours), possibly in another process, so a read
// older than STORE_LIST_TTL_MS is read again.
const STORE_LIST_TTL_MS = 10 * 60_000;
const allStoresCache = new WeakMap<Kysely<DB>, { at: number; stores: Promise<Store[]> }>();

/** A refresh wrote store facts (opening hours): the next read rebuilds the list. */
export function forgetStoreList(db: Kysely<DB>): void {
  allStoresCache.delete(db);
}

export function storesRepository(db: Kysely<DB>) {
  return {
    /** Every store, sorted by name: a copy the caller may change. */
    async all(): Promise<Store[]> {
      return (await this.allShared()).slice();
    },

    /** Every store, sorted by name: the one list kept for all callers (the same array until a
     * refresh or STORE_LIST_TTL_MS replaces it), so answers built from it can be kept with it. */
    allShared(): Promise<readonly Store[]> {
      const cached = allStoresCache.get(db);
      let stores = cached && Date.now() - cached.at < STORE_LIST_TTL_MS ? cached.stores : undefined;
      if (!stores) {
        stores = db
          .selectFrom('stores as s')
          .select(storeColumns)
          .orderBy('s.id')
          .execute()
          .then((rows) => rows.map(toStore).sort(compareByName));
        stores.catch(() => allStoresCache.delete(db));
        allStoresCache.set(db, { at: Date.now(), stores });
      }
      return stores;
    },

    async forWorkspace(workspaceId: number): Promise<Store[]> {
      const rows = await db
        .selectFrom('stores as s')
        .innerJoin('workspace_stores as ws', 'ws.store_id', 's.id')
        .select(storeColumns)
        .where('ws.workspace_id', '=', workspaceId)
        .orderBy('s.id')
        .execute();
      return rows.map(toStore).sort(compareByName);
    },

    async findById(id: number): Promise<Store | undefined> {
      const row = await db
        .selectFrom('stores as s')
        .select(storeColumns)
        .where('s.id', '=', id)
        .executeTakeFirst();
      return row && toStore(row);
    },
  };
}

const storeIdsQueries = new WeakMap<Kysely<DB>, (workspaceId: number) => Promise<{ store_id: number }[]>>();

/** The workspace's store ids: every priced answer reads them, so compiled once per database. */
export async function workspaceStoreIds(db: Kysely<DB>, workspaceId: number): Promise<number[]> {
  let query = storeIdsQueries.get(db);
  if (!query) {
    query = compiledOnce(db, (id: number) =>
      db.selectFrom('workspace_stores').select('store_id').where('workspace_id', '=', id),
    );
    storeIdsQueries.set(db, query);
  }
  return (await query(workspaceId)).map((row) => row.store_id);
}

/** Adds a store to a workspace; adding it twice is the same as once. */
export async function addWorkspaceStore(db: Kysely<DB>, workspaceId: number, storeId: number, now: number) {
  await db
    .insertInto('workspace_stores')
    .values({ workspace_id: workspaceId, store_id: storeId, created_at: now })
    .onConflict((oc) => oc.columns(['workspace_id', 'store_id']).doNothing())
    .execute();
}

export async function removeWorkspaceStore(db: Kysely<DB>, workspaceId: number, storeId: number) {
  await db
    .deleteFrom('workspace_stores')
    .where('workspace_id', '=', workspaceId)
    .where('store_id', '=', storeId)
    .execute();
}
