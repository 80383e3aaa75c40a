// Issue 32: the kind index. Each product's kind (packages/shared/src/plan/same-kind.ts kindKey:
// its name without brand, size and house-range words) is kept in products.kind_key, written by the
// ingest and indexed, so the 'Any brand' alternatives of a product are one indexed lookup instead
// of a scan of every product's name (`like '%word%'`) per item. This fills it in for the products
// already there. A later change to the kind rule needs a migration like this one to write it again.
import { kindKey } from '@kete/shared';
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';

const BATCH = 1000;

export function productKindsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('kind_key', 'text').execute();
      let after = 0;
      for (;;) {
        const { rows } = await sql<{ id: number; name: string; brand: string | null }>`select id, name, brand
          from products where id > ${after} order by id limit ${BATCH}`.execute(db);
        if (rows.length === 0) break;
        after = Number(rows.at(-1)?.id);
        const values = sql.join(rows.map((row) => sql`(${Number(row.id)}, ${kindKey(row)})`));
        if (dialect === 'sqlite')
          await sql`update products set kind_key = v.column2 from (values ${values}) as v
            where products.id = v.column1`.execute(db);
        else
          await sql`update products set kind_key = v.kind from (values ${values}) as v(id, kind)
            where products.id = v.id::integer`.execute(db);
      }
      await db.schema.createIndex('products_kind').on('products').column('kind_key').execute();
    },
  };
}
