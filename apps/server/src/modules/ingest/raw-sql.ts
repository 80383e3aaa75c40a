// Multi-row statements built as plain text with placeholders: the ingest writes millions of rows,
// and the query builder's per-statement work would dominate its time.
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export type Db = Kysely<DB> | Transaction<DB>;
type Value = string | number | null;

export class Sql {
  readonly params: Value[] = [];
  constructor(private readonly dialect: Dialect) {}

  /** A placeholder for this value. */
  p(value: Value): string {
    this.params.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.params.length}`;
  }

  /** "(?, ?, ?)" for one row. */
  row(values: Value[]): string {
    return `(${values.map((v) => this.p(v)).join(',')})`;
  }

  list(values: Value[]): string {
    return values.map((v) => this.p(v)).join(',');
  }

  async run<R>(db: Db, text: string): Promise<R[]> {
    const result = await db.executeQuery<R>(CompiledQuery.raw(text, this.params));
    return result.rows as R[];
  }
}

/** Runs `build` over the items in chunks small enough for both engines' parameter limits. */
export async function inChunks<T>(items: T[], size: number, build: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await build(items.slice(i, i + size));
}
