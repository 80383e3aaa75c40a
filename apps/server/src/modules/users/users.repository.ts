import type { Feature } from '@kete/shared';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { DB, UsersTable } from '../../db/schema.js';

export interface User {
  id: number;
  email: string;
  displayName: string;
  features: Feature[];
  /** Price-drop alert e-mails on (issue 12); absent on users built before the setting existed. */
  priceAlerts?: boolean;
}

export const parseFeatures = (value: string): Feature[] => value.split(',').filter(Boolean) as Feature[];

export const toUser = (
  row: Pick<UsersTable, 'email' | 'display_name' | 'features'> & { id: number; price_alerts?: number },
): User => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  features: parseFeatures(row.features),
  priceAlerts: row.price_alerts !== 0,
});

export function usersRepository(db: Kysely<DB>) {
  // Every signed-in request reads its user (authentication.ts): compiled once (db/compiled-once.ts).
  const byId = compiledOnce(db, (id: number) => db.selectFrom('users').selectAll().where('id', '=', id));
  return {
    async findById(id: number): Promise<User | undefined> {
      const [row] = await byId(id);
      return row && toUser(row);
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row && toUser(row);
    },

    async list(): Promise<User[]> {
      const rows = await db.selectFrom('users').selectAll().orderBy('email').execute();
      return rows.map(toUser);
    },

    setFeatures: (id: number, features: Feature[]) =>
      db
        .updateTable('users')
        .set({ features: features.join(',') })
        .where('id', '=', id)
        .execute(),
  };
}
