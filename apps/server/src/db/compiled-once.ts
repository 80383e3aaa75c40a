// A read whose SQL is the same for every call, only its values differ, built and compiled by
// Kysely once per database instead of on every call. Building and compiling a small query cost
// more CPU than SQLite spent running it (init/start's profile, decision 0011): worth it for the
// reads every request makes (the session's user, the user's workspaces).
import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely';
import { dialectOf } from './database.js';
import { inGroups } from './postgres-statement-groups.js';
import type { DB } from './schema.js';

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the SQL: which argument fills it, or -1 for a value of the query. */
  slots: number[];
}

/**
 * `build` is called once with a stand-in for each argument; each stand-in must become one or
 * more parameters of the SQL. If one does not (it shaped the SQL text instead, as an IN list or a
 * literal would), the query is simply built afresh on every call, as without this. Arguments are
 * values (numbers, strings), never arrays.
 */
export function compiledOnce<A extends unknown[], R>(
  db: Kysely<DB>,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  const statement = compiledStatement((_: Kysely<DB>, ...args: A) => build(...args));
  return async (...args: A) => (await statement(db, ...args)).rows;
}

/**
 * As compiledOnce, for a write (or read) that runs on the server's instance or inside one of its
 * transactions: built and compiled once per dialect, then run with each call's values on the
 * instance the call gives. A statement with several shapes (which columns a SET writes, whether a
 * condition is added) is one of these per shape. The shopping list's writes are built this way:
 * building and compiling them was 12-14% of a worker's time under the write mix (decision 0011).
 * An instance with plugins builds afresh (bookkeeping.ts marks its queries as they compile, which
 * a kept compilation would skip).
 */
export function compiledStatement<A extends unknown[], R>(
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
  options: StatementOptions = {},
): (db: Kysely<DB>, ...args: A) => Promise<QueryResult<R>> {
  const templates = new Map<string, Template | null>();
  const { groupedBy } = options;
  return (db, ...args) => {
    if (db.getExecutor().plugins.length > 0) return db.executeQuery(build(db, ...args));
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (template === undefined) {
      template = compileTemplate((...standIns: A) => build(db, ...standIns), args.length);
      templates.set(dialect, template);
    }
    const query = template ? withValues<R>(template, args) : build(db, ...args).compile();
    // SQLite groups every write already (sqlite-group-commit.ts): only PostgreSQL's need the mark.
    const grouped = groupedBy && dialect === 'postgres' ? inGroups(query, groupedBy(args)) : query;
    return db.executeQuery(grouped);
  };
}

export interface StatementOptions {
  /**
   * PostgreSQL: run outside a transaction, the statement may share its commit with other
   * households' (postgres-statement-groups.ts); this names the household (workspace) it writes.
   */
  groupedBy?: (args: readonly unknown[]) => number;
}

/** The template's SQL with this call's values in its parameters. */
function withValues<R>({ compiled, slots }: Template, args: unknown[]): CompiledQuery<R> {
  const parameters = slots.map((slot, i) => (slot < 0 ? compiled.parameters[i] : args[slot]));
  // A fresh query id, as Kysely gives every execution (plugins key their state on it).
  return { ...compiled, queryId: createQueryId(), parameters } as CompiledQuery<R>;
}

function compileTemplate<A extends unknown[], R>(
  build: (...args: A) => Compilable<R>,
  arity: number,
): Template | null {
  const standIns = Array.from({ length: arity }, () => Object.freeze({}));
  let compiled: CompiledQuery;
  try {
    compiled = build(...(standIns as A)).compile();
  } catch {
    return null; // a value Kysely checks as it builds (a literal): it shapes the SQL text
  }
  const slots = compiled.parameters.map((parameter) => standIns.indexOf(parameter as object));
  const everyOneUsed = standIns.every((_, index) => slots.includes(index));
  return everyOneUsed ? { compiled, slots } : null;
}
