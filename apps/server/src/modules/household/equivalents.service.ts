// A household's own "same product" (issue 33 item 6, decision 0022). PUT creates a group of the
// named products, or extends the group any of them is in already; when they span two or more
// groups, those groups merge into one (the lowest group number survives). DELETE takes one
// product out; a group left with one product disappears.
import {
  EQUIVALENT_GROUP_MAX,
  EQUIVALENT_GROUPS_MAX,
  type EquivalentGroup,
  type Equivalents,
  equivalentMessages,
} from '@kete/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { DB } from '../../db/schema.js';
import { tableCache } from '../../db/table-cache.js';
import { fieldError, notFound } from '../../lib/http-error.js';

/** The workspace's groups, by group number; each group's products lowest id first. */
export async function equivalentGroups(db: Kysely<DB>, workspaceId: number): Promise<EquivalentGroup[]> {
  const rows = await db
    .selectFrom('product_equivalents')
    .select(['group_id', 'product_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('group_id')
    .orderBy('product_id')
    .execute();
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const ids = groups.get(row.group_id) ?? [];
    ids.push(row.product_id);
    groups.set(row.group_id, ids);
  }
  return [...groups].map(([id, productIds]) => ({ id, productIds }));
}

/**
 * equivalentGroups, kept per process until the household's groups change (table-cache.ts): read
 * by every start-up, changed a few times a year. Not for use inside a transaction.
 */
export function keptEquivalentGroups(db: Kysely<DB>, workspaceId: number): Promise<EquivalentGroup[]> {
  return tableCache<EquivalentGroup[]>(db, 'equivalents', ['product_equivalents']).read(
    String(workspaceId),
    () => equivalentGroups(db, workspaceId),
  );
}

export function equivalentsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    list: async (workspaceId: number): Promise<Equivalents> => ({
      groups: await equivalentGroups(db, workspaceId),
    }),

    async put(workspaceId: number, productIds: number[]): Promise<Equivalents> {
      const known = await db.selectFrom('products').select('id').where('id', 'in', productIds).execute();
      if (known.length !== productIds.length) throw fieldError('productIds', equivalentMessages.unknown);
      await db.transaction().execute(async (trx) => {
        const groups = await equivalentGroups(trx, workspaceId);
        const touched = groups.filter((g) => g.productIds.some((id) => productIds.includes(id)));
        const members = new Set([...touched.flatMap((g) => g.productIds), ...productIds]);
        if (members.size > EQUIVALENT_GROUP_MAX) throw fieldError('productIds', equivalentMessages.tooMany);
        const first = touched[0];
        if (!first && groups.length >= EQUIVALENT_GROUPS_MAX)
          throw fieldError('productIds', equivalentMessages.tooManyGroups);
        const groupId = first ? first.id : Math.max(0, ...groups.map((g) => g.id)) + 1;
        const merged = touched.slice(1).map((g) => g.id);
        if (merged.length > 0)
          await trx
            .updateTable('product_equivalents')
            .set({ group_id: groupId })
            .where('workspace_id', '=', workspaceId)
            .where('group_id', 'in', merged)
            .execute();
        const grouped = new Set(touched.flatMap((g) => g.productIds));
        const fresh = productIds.filter((id) => !grouped.has(id));
        if (fresh.length > 0)
          await trx
            .insertInto('product_equivalents')
            .values(
              fresh.map((product_id) => ({
                workspace_id: workspaceId,
                product_id,
                group_id: groupId,
                created_at: ctx.clock.now(),
              })),
            )
            .execute();
      });
      return { groups: await equivalentGroups(db, workspaceId) };
    },

    async remove(workspaceId: number, productId: number): Promise<Equivalents> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('product_equivalents')
          .select('group_id')
          .where('workspace_id', '=', workspaceId)
          .where('product_id', '=', productId)
          .executeTakeFirst();
        if (!row) throw notFound(equivalentMessages.notGrouped);
        await trx
          .deleteFrom('product_equivalents')
          .where('workspace_id', '=', workspaceId)
          .where('product_id', '=', productId)
          .execute();
        const left = await trx
          .selectFrom('product_equivalents')
          .select('product_id')
          .where('workspace_id', '=', workspaceId)
          .where('group_id', '=', row.group_id)
          .execute();
        // A group of one is no group.
        if (left.length < 2)
          await trx
            .deleteFrom('product_equivalents')
            .where('workspace_id', '=', workspaceId)
            .where('group_id', '=', row.group_id)
            .execute();
      });
      return { groups: await equivalentGroups(db, workspaceId) };
    },
  };
}
