// A fault for tests: every insert into a table fails, as a full disk would make it fail part way
// through a load. A trigger on both engines; the returned function takes it away again.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';

export async function failInsertsInto(
  db: Kysely<DB>,
  dialect: Dialect,
  table: string,
): Promise<() => Promise<void>> {
  const trigger = sql.raw(`kete_test_fail_${table}`);
  const target = sql.raw(table);
  if (dialect === 'sqlite') {
    await sql`create trigger ${trigger} before insert on ${target}
      begin select raise(abort, 'database or disk is full (test)'); end`.execute(db);
    return async () => {
      await sql`drop trigger ${trigger}`.execute(db);
    };
  }
  await sql`create or replace function ${trigger}() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device (test)'; end $$`.execute(db);
  await sql`create trigger ${trigger} before insert on ${target}
    for each statement execute function ${trigger}()`.execute(db);
  return async () => {
    await sql`drop trigger ${trigger} on ${target}`.execute(db);
    await sql`drop function ${trigger}()`.execute(db);
  };
}
