// Multi-row statements built as plain text with placeholders: the ingest writes millions of rows,
// and the query builder's per-statement work would dominate its time.
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export type Db = Kysely<DB> | Transaction<DB>;
type Value = string | number | null;
export type Param = Value;

export class Sql {
  /** `params`: values already in order, for a statement written with its own placeholders. */
  constructor(
    private readonly dialect: Dialect,
    readonly params: (Value | Value[])[] = [],
  ) {}

  /** A placeholder for this value (PostgreSQL: an array too, for `= any($1)` and `unnest`). */
  p(value: Value | Value[]): string {
    this.params.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.params.length}`;
  }

  /** "(?, ?, ?)" for one row. */
  row(values: Value[]): string {
    return `(${values.map((v) => this.p(v)).join(',')})`;
  }

  /** "= any($1::int[])" (PostgreSQL) or "in (select value from json_each(?))" (SQLite): one
   * statement text for a list of ids of any length. */
  anyOf(ids: number[]): string {
    if (this.dialect === 'postgres') return `= any(${this.p(ids)}::int[])`;
    return `in (select value from json_each(${this.p(JSON.stringify(ids))}))`;
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

/** SQLite: rows per multi-row statement, and the statement texts by row count (made once). A
 * batch's last rows go in statements of 256, 128, ... 1 rows, so a table needs at most ten texts:
 * a text per remainder would fill the connection's statement cache with large statements. */
export const SQLITE_ROWS = 512;
export function* sqliteRuns(total: number): Generator<[start: number, rows: number]> {
  let start = 0;
  for (let size = SQLITE_ROWS; size >= 1; size >>= 1) {
    while (total - start >= size) {
      yield [start, size];
      start += size;
    }
  }
}
const statementTexts = new Map<string, string>();
export function sqliteInsert(
  table: string,
  columns: string,
  width: number,
  rows: number,
  tail: string,
): string {
  const key = `${table}|${columns}|${tail}|${rows}`;
  let text = statementTexts.get(key);
  if (text === undefined) {
    const row = `(${new Array(width).fill('?').join(',')})`;
    text = `insert into ${table} (${columns}) values ${new Array(rows).fill(row).join(',')} ${tail}`;
    statementTexts.set(key, text);
  }
  return text;
}
