// The parts of the start-up data that belong to other modules (catalogue: specials; shopping:
// favourites and lists). Each module supplies its own loader; the init service only gathers them.
import type { Favourite, ListSummary, Specials, Store } from '@kete/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { compiledOnce } from '../../db/compiled-once.js';
import { tableCache } from '../../db/table-cache.js';
import { catalogueCache } from '../../lib/catalogue-cache.js';
import { isDemoCatalogue } from '../catalogue/catalogue-facts.js';
import { byName, itemCountOf, summaryOf } from '../shopping/lists.service.js';
import { favouritesForInit } from '../shopping/shopping.init.js';
import { specialsForInit } from '../specials/specials.init.js';
import type { Membership } from '../workspaces/workspaces.repository.js';

/** What a workspace holds, as ids and names: read for every start-up in one query. */
export interface WorkspaceParts {
  storeIds: number[];
  favouriteIds: number[];
  /** Sorted by name, as the shopping module answers them. */
  lists: ListSummary[];
}

export interface InitSections {
  parts(workspaceId: number): Promise<WorkspaceParts>;
  /** A card for each of the workspace's stores. */
  specials(workspaceStores: Store[]): Promise<Specials[]>;
  /** Only asked when the workspace has favourites. */
  favourites(workspace: Membership): Promise<Favourite[]>;
  demoCatalogue(): Promise<boolean>;
}

// Whether the catalogue is the demo one changes once, when the demo seed finishes (in the primary
// process), yet every start-up asked the database: a few seconds' staleness is harmless.
const DEMO_FLAG_TTL_MS = 5_000;

export function initSections(ctx: AppContext): InitSections {
  const { db } = ctx;
  // The workspace's store ids, favourite ids and lists were three queries on every start-up, each
  // built and compiled by Kysely afresh (most of a small query's cost, decision 0011): one now,
  // compiled once.
  // The other parts' itemCount is a typed null: PostgreSQL settles the first two arms' type before
  // meeting the lists' count, and an untyped null there would be text.
  const partsQuery = compiledOnce(db, (workspaceId: number) =>
    db
      .selectFrom('workspace_stores')
      .select([
        sql<string>`'s'`.as('kind'),
        'store_id as id',
        sql<string | null>`null`.as('name'),
        sql<number | string | null>`cast(null as bigint)`.as('itemCount'),
      ])
      .where('workspace_id', '=', workspaceId)
      .unionAll(
        db
          .selectFrom('favourites')
          .select([
            sql<string>`'f'`.as('kind'),
            'product_id as id',
            sql<string | null>`null`.as('name'),
            sql<number | string | null>`cast(null as bigint)`.as('itemCount'),
          ])
          .where('workspace_id', '=', workspaceId),
      )
      .unionAll(
        db
          .selectFrom('lists')
          .select([sql<string>`'l'`.as('kind'), 'id', 'name', itemCountOf])
          .where('workspace_id', '=', workspaceId),
      ),
  );

  // Kept per process until a write to what they are read from (table-cache.ts).
  const kept = tableCache<WorkspaceParts>(db, 'workspace-parts', [
    'workspaces',
    'workspace_stores',
    'favourites',
    'lists',
    // Each list's item count (issue 37 item 8). Its rows change by a shopper's hand, a few times a
    // trip: not the shopping list's pace this cache is kept from.
    'list_items',
    // ... and the items written in with no product (issue 49 item 2), counted with them.
    'list_text_items',
  ]);
  const readParts = async (workspaceId: number) => {
    const parts: WorkspaceParts = { storeIds: [], favouriteIds: [], lists: [] };
    for (const row of await partsQuery(workspaceId)) {
      const id = Number(row.id);
      if (row.kind === 's') parts.storeIds.push(id);
      else if (row.kind === 'f') parts.favouriteIds.push(id);
      else parts.lists.push(summaryOf({ id, name: row.name ?? '', itemCount: row.itemCount }));
    }
    parts.lists.sort(byName);
    return parts;
  };

  return {
    parts: (workspaceId) => kept.read(String(workspaceId), () => readParts(workspaceId)),
    specials: (workspaceStores) => specialsForInit(ctx, workspaceStores),
    favourites: (workspace) => favouritesForInit(ctx, workspace),
    demoCatalogue: () =>
      catalogueCache<boolean>(db, 'demo-catalogue', DEMO_FLAG_TTL_MS, 1).get('', () => isDemoCatalogue(db)),
  };
}
